// The clients `run.mjs` runs: for each, how its config is written in the scratch HOME and how
// it is started (`setup`, given the fake API's port), and where a request it sends carries the
// fixture tools (`tools`). Only 127.0.0.1 is reached: the fake API, and the fixture servers.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, delimiter, dirname, join } from 'node:path';
import { writePlugins } from './plugins.mjs';
import { askKilo } from './kilo.mjs';

export const origin = (description) => {
  const match = /^oracle tool (\d+\.\d+)(?=$|\s)/.exec(description ?? '');
  return match ? match[1] : null;
};

/** Every string inside a JSON value. */
export function* strings(value) {
  if (typeof value === 'string') yield value;
  else if (value && typeof value === 'object') for (const inner of Object.values(value)) yield* strings(inner);
}

/** Fixture tools among an OpenAI chat completions request's `tools[].function`. */
function chatTools(body) {
  const found = [];
  for (const tool of body.tools ?? []) {
    const fn = tool.function ?? tool;
    if (origin(fn.description)) found.push({ name: fn.name, origin: origin(fn.description) });
  }
  return found;
}

/**
 * The adapters of one run, and the environment its client runs in: `scratch` and `home` are its
 * folders, `servers` the fixture servers, `refused` the keys the client refused so far, `now`
 * what is being said (`say`; `given`, the corpus's own, or undefined).
 */
export function clients({ scratch, home, servers, corpus, bin, refused, now }) {
  /**
   * Whatever a client would fetch besides the fake API (plugin lists, update checks, telemetry
   * it was not told to skip) goes to a closed port on 127.0.0.1 and fails there.
   */
  const OFFLINE = {
    HTTPS_PROXY: 'http://127.0.0.1:9',
    HTTP_PROXY: 'http://127.0.0.1:9',
    ALL_PROXY: 'http://127.0.0.1:9',
    https_proxy: 'http://127.0.0.1:9',
    http_proxy: 'http://127.0.0.1:9',
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
  };

  /**
   * The node this runner runs on first on the PATH, so a client written in JavaScript runs on
   * it too (`MCP_TOOLNAME_NODE`: Node.js 22), with its compile cache where the tests keep one.
   */
  const onNode = {
    PATH: [dirname(process.execPath), process.env.PATH].filter(Boolean).join(delimiter),
    ...(process.env.MCP_TOOLNAME_NODE_CACHE ? { NODE_COMPILE_CACHE: process.env.MCP_TOOLNAME_NODE_CACHE } : {}),
  };
  /** The environment a client runs in, also for a pre-step an adapter runs in `setup`. */
  const environment = (env) => ({ ...process.env, ...onNode, HOME: home, NO_COLOR: '1', ...OFFLINE, ...env });

  /** The servers as the `mcpServers` object most clients' configs hold, each entry with `extra`. */
  const mcpServers = (extra = {}, of = servers.filter((s) => !s.plugin)) =>
    Object.fromEntries(of.map((s) => [s.key, { command: s.command, args: s.args, ...extra, ...s.extra }]));

  /** The corpus's Claude Code plugins as folders ([`plugins.mjs`]), to load. */
  const pluginDirs = () => writePlugins(scratch, servers, (of) => mcpServers({}, of));

  const toml = (text) => JSON.stringify(text); // a TOML basic string: JSON's escapes are TOML's

  /**
   * Cline: without local mode it hands the session to a detached hub daemon (its own session,
   * out of reach of run.mjs's kill) that outlives the run.
   */
  const CLINE_ENV = {
    CLINE_SESSION_BACKEND_MODE: 'local',
    CLINE_NO_AUTO_UPDATE: '1',
    CLINE_NO_INTERACTIVE: '1',
    // Read only where feature flags are set up: a no-op client replaces PostHog's (data.cline.bot),
    // so the defaults apply, as they do when that fetch fails.
    E2E_TEST: 'true',
  };

  /** Claude Code's environment: the fake API, nothing else reached. */
  const CLAUDE_ENV = (port) => ({
    ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
    ANTHROPIC_API_KEY: 'sk-ant-oracle',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    // A corpus may set more (`ENABLE_TOOL_SEARCH: 'false'` sends every schema up front).
    ...corpus.claude_env,
  });

  const adapters = {
    claude_code: {
      setup(port) {
        const config = join(scratch, 'mcp.json');
        writeFileSync(config, JSON.stringify({ mcpServers: mcpServers() }));
        const settings = [];
        if (corpus.claude_settings) {
          const file = join(scratch, 'claude-settings.json');
          writeFileSync(file, JSON.stringify(corpus.claude_settings));
          settings.push('--settings', file);
        }
        let plugins = pluginDirs();
        if (corpus.plugin_install && plugins.length) {
          // Installed from a local marketplace, as `claude plugin install` does, each listed
          // under a name of its own (`listed-N`), not its manifest's: loaded from settings.
          const market = { name: 'oracle-market', owner: { name: 'oracle' }, plugins: plugins.map((dir, i) => ({ name: `listed-${i}`, source: `./plugins/${basename(dir)}` })) };
          mkdirSync(join(scratch, '.claude-plugin'), { recursive: true });
          writeFileSync(join(scratch, '.claude-plugin', 'marketplace.json'), JSON.stringify(market));
          const run = (args) => execFileSync(bin, args, { cwd: home, encoding: 'utf8', timeout: 60000, env: environment(CLAUDE_ENV(port)) });
          run(['plugin', 'marketplace', 'add', scratch]);
          plugins.forEach((_, i) => run(['plugin', 'install', `listed-${i}@oracle-market`]));
          plugins = [];
        }
        if (corpus.claude_scope === 'project') {
          // The project's `.mcp.json` in the working folder, its servers approved in settings
          // (print mode skips the trust dialog).
          writeFileSync(join(home, '.mcp.json'), JSON.stringify({ mcpServers: mcpServers() }));
          mkdirSync(join(home, '.claude'), { recursive: true });
          writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify({ enableAllProjectMcpServers: true }));
          return { args: ['-p', now.say, ...plugins.flatMap((dir) => ['--plugin-dir', dir])], env: CLAUDE_ENV(port) };
        }
        return {
          // --strict-mcp-config also leaves out the servers of plugins (2.1.332, run): with
          // plugins it is not given, and the scratch HOME holds no other config.
          args: ['-p', now.say, '--mcp-config', config, ...(servers.some((s) => s.plugin) ? [] : ['--strict-mcp-config']), ...plugins.flatMap((dir) => ['--plugin-dir', dir]), ...settings],
          env: CLAUDE_ENV(port),
        };
      },
      tools(body) {
        const found = [];
        for (const tool of body.tools ?? []) {
          if (origin(tool.description)) found.push({ name: tool.name, origin: origin(tool.description) });
        }
        // Deferred tools: one name a line after this sentence, in the system prompt or in a
        // reminder among the messages, depending on the release.
        for (const text of strings(body)) {
          const at = text.indexOf('deferred tools are now available');
          if (at < 0) continue;
          for (const line of text.slice(at).split('\n').slice(1)) {
            if (line.trim() === '') break;
            if (line.startsWith('mcp__')) found.push({ name: line, origin: null });
          }
        }
        return found;
      },
    },
    codex: {
      setup(port) {
        const codexHome = join(scratch, 'codex-home');
        mkdirSync(codexHome, { recursive: true });
        const lines = [
          'model = "gpt-5"',
          'model_provider = "oracle"',
          'check_for_update_on_startup = false',
          '[model_providers.oracle]',
          'name = "oracle"',
          `base_url = "http://127.0.0.1:${port}/v1"`,
          'wire_api = "responses"',
          'env_key = "ORACLE_API_KEY"',
          '[analytics]',
          'enabled = false',
          '[feedback]',
          'enabled = false',
          '[otel]',
          'exporter = "none"',
        ];
        for (const s of servers.filter((server) => !refused.includes(server.key))) {
          lines.push(`[mcp_servers.${toml(s.key)}]`, `command = ${toml(s.command)}`, `args = [${s.args.map(toml).join(', ')}]`);
          // Required: `codex exec` waits for the server, and stops naming a key it refuses.
          lines.push('required = true');
          // JSON arrays of strings are TOML arrays of basic strings.
          for (const [field, value] of Object.entries(s.extra)) lines.push(`${field} = ${JSON.stringify(value)}`);
          if (s.codexToml) lines.push(s.codexToml);
        }
        if (corpus.codex_toml) lines.push(corpus.codex_toml);
        writeFileSync(join(codexHome, 'config.toml'), `${lines.join('\n')}\n`);
        return {
          args: ['exec', '--skip-git-repo-check', 'hi'],
          env: { CODEX_HOME: codexHome, ORACLE_API_KEY: 'oracle' },
        };
      },
      refusedKeys(output) {
        return [...output.matchAll(/Invalid MCP server name '(.*?)': must match pattern/g)].map((m) => m[1]);
      },
      tools(body) {
        const found = [];
        for (const entry of body.tools ?? []) {
          if (entry.type === 'namespace') {
            for (const tool of entry.tools ?? []) {
              if (origin(tool.description)) found.push({ name: `${entry.name}__${tool.name}`, namespace: entry.name, function: tool.name, origin: origin(tool.description) });
            }
          } else if (origin(entry.description)) {
            found.push({ name: entry.name, origin: origin(entry.description) });
          }
        }
        return found;
      },
    },
    cline: {
      setup(port) {
        const settings = join(home, '.cline', 'data', 'settings');
        mkdirSync(settings, { recursive: true });
        // Opted out, it does not export OpenTelemetry to otel.cline.bot: each command would
        // otherwise retry that for ~8 s before it exits.
        writeFileSync(join(settings, 'global-settings.json'), JSON.stringify({ telemetryOptOut: true, autoUpdateEnabled: false }));
        // A provider is set up once per run, in the scratch HOME; `auth` needs no login for an
        // OpenAI-compatible one.
        execFileSync(bin, ['auth', '-p', 'openai', '-k', 'oracle', '-m', 'fake-model', '-b', `http://127.0.0.1:${port}/v1`], {
          cwd: home,
          encoding: 'utf8',
          timeout: 60000,
          env: environment(CLINE_ENV),
        });
        // The default MCP timeout (3 s) is too short for ~35 servers starting at once on a slow
        // machine: a server that misses it is left out of the request without an error.
        writeFileSync(join(settings, 'cline_mcp_settings.json'), JSON.stringify({ mcpServers: mcpServers({ timeout: 60 }) }));
        // The prompt has a space: one bare word is taken for a mistyped subcommand.
        return { args: ['--json', '-t', '60', 'say ok'], env: CLINE_ENV };
      },
      tools: chatTools,
    },
    opencode: {
      setup(port) {
        const config = join(scratch, 'opencode.json');
        // It installs `@opencode-ai/plugin` into its config directory from the npm registry, in
        // the background, unless a lockfile there already lists it: nothing here needs plugins.
        const configDir = join(home, '.config', 'opencode');
        mkdirSync(join(configDir, 'node_modules'), { recursive: true });
        writeFileSync(join(configDir, 'package-lock.json'), JSON.stringify({ packages: { '': { dependencies: { '@opencode-ai/plugin': '*' } } } }));
        const mcp = Object.fromEntries(servers.map((s) => [s.key, { type: 'local', command: [s.command, ...s.args], enabled: true }]));
        writeFileSync(config, JSON.stringify({
          autoupdate: false,
          share: 'disabled',
          model: 'oracle/fake-model',
          // A custom provider on the bundled `@ai-sdk/openai-compatible`: nothing is installed.
          provider: {
            oracle: {
              npm: '@ai-sdk/openai-compatible',
              name: 'oracle',
              options: { baseURL: `http://127.0.0.1:${port}/v1`, apiKey: 'oracle' },
              models: { 'fake-model': { name: 'fake-model' } },
            },
          },
          mcp,
          // The permission rules of the corpus (`opencode_permission`: `[rule, action]` pairs,
          // in order, as the last matching rule decides), judged headless.
          // `continue_loop_on_deny`: a rejected call does not end the run, so the refusal
          // reaches the model and the calls after it are still made.
          ...(corpus.opencode_permission ? { permission: Object.fromEntries(corpus.opencode_permission), experimental: { continue_loop_on_deny: true } } : {}),
        }));
        return {
          args: ['run', '-m', 'oracle/fake-model', 'hi'],
          env: {
            OPENCODE_CONFIG: config,
            // Its project directory is $PWD, not the working directory: else it would be the
            // directory the runner was started in, with that project's config and AGENTS.md.
            PWD: home,
            // Its state goes by XDG directories, not HOME, where they are set.
            XDG_CONFIG_HOME: join(home, '.config'),
            XDG_DATA_HOME: join(home, '.local', 'share'),
            XDG_CACHE_HOME: join(home, '.cache'),
            XDG_STATE_HOME: join(home, '.local', 'state'),
            OPENCODE_DISABLE_AUTOUPDATE: '1',
            OPENCODE_DISABLE_MODELS_FETCH: '1',
            OPENCODE_DISABLE_SHARE: '1',
            OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
            OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
            // Else it also reads ~/.claude (skills, CLAUDE.md) and other agents' skill folders.
            OPENCODE_DISABLE_CLAUDE_CODE: '1',
            OPENCODE_DISABLE_EXTERNAL_SKILLS: '1',
          },
        };
      },
      // The first request (the session title) carries no tools; the most tools are picked anyway.
      tools: chatTools,
    },
    kilo_code: {
      serves: true,
      setup(port) {
        // Kilo Code's CLI is a fork of OpenCode: the same config shape, under KILO_* variables.
        const config = join(scratch, 'kilo.json');
        const mcp = Object.fromEntries(servers.map((s) => [s.key, { type: 'local', command: [s.command, ...s.args], enabled: true }]));
        writeFileSync(config, JSON.stringify({
          autoupdate: false,
          share: 'disabled',
          model: 'oracle/fake-model',
          provider: {
            oracle: {
              npm: '@ai-sdk/openai-compatible',
              name: 'oracle',
              options: { baseURL: `http://127.0.0.1:${port}/v1`, apiKey: 'oracle' },
              models: { 'fake-model': { name: 'fake-model' } },
            },
          },
          mcp,
        }));
        // A slash command to say is run as `--command <name>`, the words after it the message,
        // each its own argument: given them as one, it fills `$1` with all of them.
        const saying = () => {
          const [command, ...rest] = now.say.startsWith('/') ? now.say.slice(1).split(' ') : [null];
          return [...(command === null ? [] : ['--command', command]), ...(command === null ? [now.say] : rest)];
        };
        return {
          args: ['run', '--auto', '--pure', '-m', 'oracle/fake-model', ...saying()],
          // Several things to say: one server (`kilo serve`) whose start-up, MCP servers
          // included, is paid once, and each said to it over HTTP (`kilo.mjs`).
          serve: ['serve', '--port', '0', '--pure'],
          ask: (url, timeoutMs) => askKilo(url, now.say, timeoutMs),
          env: {
            KILO_CONFIG: config,
            PWD: home,
            XDG_CONFIG_HOME: join(home, '.config'),
            XDG_DATA_HOME: join(home, '.local', 'share'),
            XDG_CACHE_HOME: join(home, '.cache'),
            XDG_STATE_HOME: join(home, '.local', 'state'),
            KILO_DISABLE_AUTOUPDATE: '1',
            KILO_DISABLE_MODELS_FETCH: '1',
            KILO_DISABLE_SHARE: '1',
            KILO_DISABLE_LSP_DOWNLOAD: '1',
            KILO_DISABLE_DEFAULT_PLUGINS: '1',
            KILO_DISABLE_CLAUDE_CODE: '1',
            KILO_DISABLE_EXTERNAL_SKILLS: '1',
            KILO_DISABLE_PROJECT_CONFIG: '1',
            KILO_DISABLE_CODEBASE_INDEXING: '1',
            KILO_DISABLE_SESSION_INGEST: '1',
            KILO_TELEMETRY_LEVEL: 'off',
            KILO_NO_DAEMON: '1',
          },
        };
      },
      tools: chatTools,
    },
    qwen_code: {
      setup(port) {
        // Qwen Code, a fork of Gemini CLI: settings in ~/.qwen, an OpenAI-compatible provider.
        mkdirSync(join(home, '.qwen'), { recursive: true });
        writeFileSync(join(home, '.qwen', 'settings.json'), JSON.stringify({
          mcpServers: mcpServers(),
          telemetry: { enabled: false },
          privacy: { usageStatisticsEnabled: false },
          general: { enableAutoUpdate: false, disableAutoUpdate: true, disableUpdateNag: true },
          security: { auth: { selectedType: 'openai' }, folderTrust: { enabled: false } },
          // The permission rules of the corpus (`qwen_permissions`), judged headless.
          ...(corpus.qwen_permissions ? { permissions: corpus.qwen_permissions } : {}),
        }));
        return {
          // --yolo: headless, a tool no rule allows would be held back for approval; with
          // permission rules to judge, the default mode, so that such a tool is refused.
          args: [...(corpus.qwen_permissions ? ['--approval-mode', 'default'] : ['--yolo']), '--auth-type', 'openai', '-m', 'fake-model', now.given ?? 'say ok'],
          env: {
            OPENAI_API_KEY: 'oracle',
            OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
            OPENAI_MODEL: 'fake-model',
            QWEN_TELEMETRY_ENABLED: 'false',
            QWEN_USAGE_STATISTICS_ENABLED: 'false',
          },
        };
      },
      // MCP tools are deferred: the system prompt lists each as `- "<name>": "<description>"`
      // under `#### <server>`, and `tool_search` loads a definition when the model asks.
      tools(body) {
        const found = chatTools(body);
        for (const text of strings(body)) {
          for (const match of text.matchAll(/^- "((?:[^"\\]|\\.)*)": "oracle tool (\d+\.\d+)(?=["\s])/gm)) {
            found.push({ name: JSON.parse(`"${match[1]}"`), origin: match[2] });
          }
        }
        return found;
      },
    },
    droid: {
      setup(port) {
        // Factory's Droid: a custom model (bring your own key) needs no Factory login.
        const factory = join(home, '.factory');
        mkdirSync(factory, { recursive: true });
        writeFileSync(join(factory, 'settings.json'), JSON.stringify({
          customModels: [{
            model: 'fake-model',
            displayName: 'oracle',
            baseUrl: `http://127.0.0.1:${port}/v1`,
            apiKey: 'oracle',
            provider: 'generic-chat-completion-api',
            maxOutputTokens: 1000,
          }],
          // Else the first request goes out before the servers have listed their tools.
          blockOnMcpLoad: true,
          cloudSessionSync: false,
          enableDroidShield: false,
        }));
        writeFileSync(join(factory, 'mcp.json'), JSON.stringify({ mcpServers: mcpServers({ type: 'stdio' }) }));
        return {
          args: ['exec', '--skip-permissions-unsafe', '-m', 'custom:fake-model', 'say ok'],
          env: {},
        };
      },
      // MCP tools are deferred: names only, one a line after `Deferred tools:` in a system
      // reminder (its own deferred tools among them, told apart by the `___` every MCP name holds).
      tools(body) {
        const found = chatTools(body);
        for (const text of strings(body)) {
          const at = text.indexOf('Deferred tools:\n');
          if (at < 0) continue;
          for (const line of text.slice(at).split('\n').slice(1)) {
            if (line.trim() === '' || line.startsWith('</')) break;
            if (line.includes('___')) found.push({ name: line, origin: null });
          }
        }
        return found;
      },
    },
    continue_cli: {
      setup(port) {
        const config = join(scratch, 'config.yaml');
        // YAML is a superset of JSON: every key is written as a JSON string, whatever it holds.
        writeFileSync(config, JSON.stringify({
          name: 'oracle',
          version: '1.0.0',
          schema: 'v1',
          models: [{
            name: 'oracle',
            provider: 'openai',
            model: 'fake-model',
            apiBase: `http://127.0.0.1:${port}/v1`,
            apiKey: 'oracle',
            roles: ['chat', 'edit', 'apply'],
            capabilities: ['tool_use'],
          }],
          mcpServers: servers.map((s) => ({ name: s.key, command: s.command, args: s.args })),
        }));
        // The permission rules of the corpus (`continue_permissions`: `allow`, `ask`,
        // `exclude`), in its permissions.yaml (JSON is YAML), judged headless without --auto.
        if (corpus.continue_permissions) {
          mkdirSync(join(home, '.continue'), { recursive: true });
          writeFileSync(join(home, '.continue', 'permissions.yaml'), JSON.stringify(corpus.continue_permissions));
        }
        return {
          // A local --config needs no hub login. --auto allows every tool: without it, headless
          // mode leaves out the ones that need approval (its Write and Edit; MCP tools stay).
          args: ['-p', '--config', config, ...(corpus.continue_permissions ? [] : ['--auto']), now.say],
          env: {
            CONTINUE_GLOBAL_DIR: join(home, '.continue'),
            CONTINUE_CLI_ENABLE_TELEMETRY: '0',
            CONTINUE_METRICS_ENABLED: '0',
          },
        };
      },
      tools: chatTools,
    },
    copilot_cli: {
      setup(port) {
        const config = join(scratch, 'copilot-mcp.json');
        // `tools: ["*"]`: every tool of the server, as its docs' examples write it.
        writeFileSync(config, JSON.stringify({ mcpServers: mcpServers({ type: 'local', tools: ['*'] }) }));
        return {
          // Offline with a provider of one's own: no GitHub login, telemetry or update check
          // (`copilot help environment`).
          args: ['-p', 'say ok', '--allow-all-tools', '--disable-client-telemetry', '--no-auto-update', '--additional-mcp-config', `@${config}`],
          env: {
            COPILOT_HOME: join(home, '.copilot'),
            COPILOT_OFFLINE: 'true',
            COPILOT_AUTO_UPDATE: 'false',
            COPILOT_PROVIDER_BASE_URL: `http://127.0.0.1:${port}/v1`,
            COPILOT_PROVIDER_TYPE: 'openai',
            COPILOT_PROVIDER_API_KEY: 'oracle',
            COPILOT_MODEL: 'fake-model',
          },
        };
      },
      tools: chatTools,
    },
    gemini_cli: {
      setup(port) {
        mkdirSync(join(home, '.gemini'), { recursive: true });
        const settings = {
          mcpServers: mcpServers(),
          telemetry: { enabled: false },
          privacy: { usageStatisticsEnabled: false },
          security: { auth: { selectedType: 'gemini-api-key' } },
          general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
          // The policy settings of the corpus (`gemini_settings`: `tools`, `mcp`), judged
          // headless; a server's `trust` comes with its `extra`.
          ...corpus.gemini_settings,
        };
        writeFileSync(join(home, '.gemini', 'settings.json'), JSON.stringify(settings));
        return {
          // --yolo: headless, a tool no rule allows is left out of the request; a model named
          // skips the routing request. With policy settings to judge, the default mode.
          args: [...(corpus.gemini_settings ? ['--approval-mode', 'default'] : ['--yolo']), '-m', 'gemini-2.5-flash', '-p', now.say],
          env: { GEMINI_API_KEY: 'oracle', GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${port}`, GEMINI_CLI_TRUST_WORKSPACE: 'true' },
        };
      },
      tools(body) {
        const found = [];
        const groups = body.tools ?? body.config?.tools ?? [];
        for (const group of groups) {
          for (const fn of group.functionDeclarations ?? []) {
            if (origin(fn.description)) found.push({ name: fn.name, origin: origin(fn.description) });
          }
        }
        return found;
      },
    },
  };
  return { adapters, environment };
}
