// Claude Code plugins for the oracle runs (`run.mjs`): one folder per plugin a corpus names,
// its manifest (the plugin's name) and its servers, each where its `plugin_mcp` puts it:
// `.mcp.json` (the default), `"inline"` in the manifest's `mcpServers`, or a file the
// manifest's `mcpServers` names (a path; several places make it a list).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes the plugins of `servers` (those with a `plugin`) under `scratch/plugins/`;
 * `mcpServers(list)` gives the `mcpServers` object of some of them. Returns the folders.
 */
export function writePlugins(scratch, servers, mcpServers) {
  const names = [...new Set(servers.filter((s) => s.plugin).map((s) => s.plugin))];
  return names.map((name, index) => {
    const dir = join(scratch, 'plugins', `plugin-${index}`);
    mkdirSync(join(dir, '.claude-plugin'), { recursive: true });
    const own = servers.filter((s) => s.plugin === name);
    const manifest = { name, version: '1.0.0', description: 'oracle plugin' };
    const declared = [];
    for (const where of [...new Set(own.map((s) => s.pluginMcp ?? '.mcp.json'))]) {
      const these = mcpServers(own.filter((s) => (s.pluginMcp ?? '.mcp.json') === where));
      if (where === 'inline') declared.push(these);
      else {
        writeFileSync(join(dir, where), JSON.stringify({ mcpServers: these }));
        if (where !== '.mcp.json') declared.push(where);
      }
    }
    if (declared.length) manifest.mcpServers = declared.length === 1 ? declared[0] : declared;
    writeFileSync(join(dir, '.claude-plugin', 'plugin.json'), JSON.stringify(manifest));
    return dir;
  });
}
