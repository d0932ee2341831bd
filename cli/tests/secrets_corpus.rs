//! A corpus of secret forms, each written into client configs (a JSON `mcpServers` config and
//! a Codex `config.toml`) as stdio entries (`args`, `env`) and remote entries (`url`,
//! `headers`), audited in every output format: no secret, and no 8 characters in a row of
//! one, is written anywhere. And the report still says which server is which, what command
//! started it, and which flag was given.
#![cfg(unix)]

mod common;

use std::collections::BTreeSet;

use common::{Run, Scratch, calculator, run};
use serde_json::{Map, Value, json};

/// Where a form puts its secret in a config entry.
enum Place {
    /// A stdio entry's `args`.
    Args(&'static [&'static str]),
    /// A stdio entry's `env`: a name and its value.
    Env(&'static str, &'static str),
    /// A remote entry's `url`.
    Url(&'static str),
    /// A remote entry's header: a name and its value.
    Header(&'static str, &'static str),
}

/// One form: what it is, where it goes, and the secrets in it that must never be written.
struct Form {
    family: &'static str,
    place: Place,
    secrets: &'static [&'static str],
}

const fn form(family: &'static str, place: Place, secrets: &'static [&'static str]) -> Form {
    Form {
        family,
        place,
        secrets,
    }
}

use Place::{Args, Env, Header, Url};

/// The corpus: every family the redaction code and its tests knew, those the attacks found
/// printed, and new ones.
const CORPUS: &[Form] = &[
    // Tokens with a vendor's prefix.
    form(
        "github pat flag=",
        Args(&["--token=ghp_R4nd0mT0k3nV4lu3xYz0123456789abcd"]),
        &["ghp_R4nd0mT0k3nV4lu3xYz0123456789abcd"],
    ),
    form(
        "github fine-grained bare",
        Args(&["github_pat_11ABCDEFG0abcdefghijkl_MNOPqrstUVWxyz0123456789"]),
        &["github_pat_11ABCDEFG0abcdefghijkl_MNOPqrstUVWxyz0123456789"],
    ),
    form(
        "gitlab pat after a plain flag",
        Args(&["--gitlab", "glpat-x8Yq2LmN4pR7sT9vW1zA"]),
        &["glpat-x8Yq2LmN4pR7sT9vW1zA"],
    ),
    form(
        "openai key",
        Args(&["--api-key", "sk-proj-Qw3rTy8uI9oP0aSdFgHjKlZxCvBnM1234567"]),
        &["sk-proj-Qw3rTy8uI9oP0aSdFgHjKlZxCvBnM1234567"],
    ),
    form(
        "anthropic key bare",
        Args(&["sk-ant-api03-AbCdEfGh12345678_IjKlMnOp-QrStUvWx90"]),
        &["sk-ant-api03-AbCdEfGh12345678_IjKlMnOp-QrStUvWx90"],
    ),
    form(
        "stripe live key",
        Args(&["--stripe", "sk_live_51HxYzAbCdEfGhIjKlMnOpQrSt"]),
        &["sk_live_51HxYzAbCdEfGhIjKlMnOpQrSt"],
    ),
    form(
        "stripe restricted key",
        Args(&["rk_live_9aBcDeFgHiJkLmNoPqRsTuVw"]),
        &["rk_live_9aBcDeFgHiJkLmNoPqRsTuVw"],
    ),
    form(
        "slack bot token",
        Args(&[
            "--slack",
            "xoxb-2222222222-3333333333-AbCdEfGhIjKlMnOpQrStUv",
        ]),
        &["xoxb-2222222222-3333333333-AbCdEfGhIjKlMnOpQrStUv"],
    ),
    form(
        "google api key",
        Args(&["--google", "AIzaSyD3x4mpl3K3yV4lu3AbCdEfGhIjKlMnOp"]),
        &["AIzaSyD3x4mpl3K3yV4lu3AbCdEfGhIjKlMnOp"],
    ),
    form(
        "hugging face token",
        Args(&["hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567"]),
        &["hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567"],
    ),
    form(
        "npm token in an npmrc line",
        Args(&["//registry.npmjs.org/:_authToken=npm_Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa"]),
        &["npm_Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa"],
    ),
    form(
        "sendgrid key",
        Args(&[
            "--mail",
            "SG.aBcDeFgHiJkLmNoPqRsTuV.wXyZ0123456789aBcDeFgHiJkLmNoPqRsTuVwXyZ01",
        ]),
        &[
            "aBcDeFgHiJkLmNoPqRsTuV",
            "wXyZ0123456789aBcDeFgHiJkLmNoPqRsTuVwXyZ01",
        ],
    ),
    form(
        "twilio auth token (hex)",
        Args(&[
            "--twilio",
            "AC1f2e3d4c5b6a79880a1b2c3d4e5f6a7b",
            "4b1c9e2f7a8d3e6c0b5a9f8e7d6c5b4a",
        ]),
        &[
            "AC1f2e3d4c5b6a79880a1b2c3d4e5f6a7b",
            "4b1c9e2f7a8d3e6c0b5a9f8e7d6c5b4a",
        ],
    ),
    form(
        "uuid api key",
        Args(&["--heroku", "3f2a9c4e-8b1d-4e6f-a7c2-9d0e1f2a3b4c"]),
        &["3f2a9c4e-8b1d-4e6f-a7c2-9d0e1f2a3b4c"],
    ),
    // Bearer and basic auth.
    form(
        "bearer header as an argument",
        Args(&["-H", "Authorization: Bearer brTok9-mQ2xZ7vL4pK8wN"]),
        &["brTok9-mQ2xZ7vL4pK8wN"],
    ),
    form(
        "bearer word then token",
        Args(&["Bearer", "lowerbearertokenvalue"]),
        &["lowerbearertokenvalue"],
    ),
    form(
        "basic auth header as an argument",
        Args(&[
            "--header",
            "Authorization: Basic dXNlcjpodW50ZXIyLWJhc2ljLXB3",
        ]),
        &["dXNlcjpodW50ZXIyLWJhc2ljLXB3"],
    ),
    form(
        "basic auth in a url",
        Args(&["https://deploy:Pw-urlBasic-7731@git.example.com/org/repo.git"]),
        &["Pw-urlBasic-7731"],
    ),
    form(
        "token as a url's user name",
        Args(&["https://ghp_UsErNaMeT0k3nAbCdEf0123456789@github.com/org/repo.git"]),
        &["ghp_UsErNaMeT0k3nAbCdEf0123456789"],
    ),
    form(
        "url password a parser refuses",
        Args(&["https://admin:pa/ss#w0rd-odd@10.0.0.9:8443/x"]),
        &["pa/ss#w0rd-odd"],
    ),
    form(
        "percent-encoded url password",
        Args(&["https://bob:p%40ss%2Fw0rd-enc9@h.example/x"]),
        &["p%40ss%2Fw0rd-enc9"],
    ),
    form(
        "cookie header as an argument",
        Args(&["--header=Cookie: session=ckSess-Zp81-Qy72-Lm09; theme=dark"]),
        &["ckSess-Zp81-Qy72-Lm09"],
    ),
    // Telegram bot paths: long and short secrets.
    form(
        "telegram bot path",
        Args(&["https://api.telegram.org/bot123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/getMe"]),
        &["AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"],
    ),
    form(
        "telegram bot path, short secret",
        Args(&["https://api.telegram.org/bot987654321:ShortSecret42xyz/sendMessage"]),
        &["ShortSecret42xyz"],
    ),
    // Signed URLs.
    form(
        "s3 presigned url",
        Args(&[
            "https://bucket.s3.amazonaws.com/f.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAQ3EXAMPLE7PRESIGN%2F20240101%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Signature=8f3c1a9b7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b",
        ]),
        &[
            "AKIAQ3EXAMPLE7PRESIGN",
            "8f3c1a9b7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b",
        ],
    ),
    form(
        "azure sas url",
        Args(&[
            "https://acct.blob.core.windows.net/c/f?sv=2022-11-02&sp=r&sig=AbC%2BdEf0gHiJkLmNoPqRsTuVwXyZ123%3D",
        ]),
        &["AbC%2BdEf0gHiJkLmNoPqRsTuVwXyZ123%3D"],
    ),
    form(
        "gcs signed url",
        Args(&[
            "https://storage.googleapis.com/b/o?X-Goog-Signature=0a1b2c3d4e5f60718293a4b5c6d7e8f9&X-Goog-Expires=600",
        ]),
        &["0a1b2c3d4e5f60718293a4b5c6d7e8f9"],
    ),
    form(
        "secret in an unnamed query value",
        Args(&["https://api.example.com/v1/items?q=7Hd93kLmQp2xVb81&page=2"]),
        &["7Hd93kLmQp2xVb81"],
    ),
    // Password flags, many spellings, and plain-looking values.
    form(
        "--password",
        Args(&["--password", "Hunter2-pw-Flag"]),
        &["Hunter2-pw-Flag"],
    ),
    form(
        "--passphrase with words",
        Args(&["--passphrase", "correct-horse-battery-staple"]),
        &["correct-horse-battery-staple"],
    ),
    form(
        "--pass-phrase=",
        Args(&["--pass-phrase=violet-otter-canyon"]),
        &["violet-otter-canyon"],
    ),
    form(
        "--db-pass",
        Args(&["--db-pass", "dbpassvalue"]),
        &["dbpassvalue"],
    ),
    form(
        "--passwd",
        Args(&["--passwd", "Pw9passwd-value"]),
        &["Pw9passwd-value"],
    ),
    form("--pwd", Args(&["--pwd", "pwdvalue-Qz3"]), &["pwdvalue-Qz3"]),
    form(
        "--passcode",
        Args(&["--passcode", "sunflowerpass"]),
        &["sunflowerpass"],
    ),
    form(
        "-passphrase, one dash",
        Args(&["-passphrase", "amberlakepass"]),
        &["amberlakepass"],
    ),
    form(
        "PASSWORD=value",
        Args(&["DB_PASSWORD=mangotreepass"]),
        &["mangotreepass"],
    ),
    form(
        "--client-secret",
        Args(&["--client-secret", "clientsecretword"]),
        &["clientsecretword"],
    ),
    form(
        "--license-key with words",
        Args(&["--license-key=orange-table-river"]),
        &["orange-table-river"],
    ),
    form(
        "redis-cli -a",
        Args(&["redis-cli", "-h", "127.0.0.1", "-a", "foobaredpass"]),
        &["foobaredpass"],
    ),
    form(
        "ldapsearch -w",
        Args(&[
            "ldapsearch",
            "-x",
            "-D",
            "cn=admin,dc=example,dc=org",
            "-w",
            "ldapbindpass",
        ]),
        &["ldapbindpass"],
    ),
    form(
        "mysql -p attached",
        Args(&["mysql", "-uroot", "-pmysqlrootpass", "appdb"]),
        &["mysqlrootpass"],
    ),
    form(
        "sshpass -p",
        Args(&["sshpass", "-p", "Sshp4ss-2024", "ssh", "host"]),
        &["Sshp4ss-2024"],
    ),
    form(
        "curl -u user:password",
        Args(&["curl", "-u", "admin:curlUserPw-55", "https://h.example"]),
        &["curlUserPw-55"],
    ),
    form(
        "secret starting with dashes",
        Args(&["--token", "--abc123dashtok"]),
        &["abc123dashtok"],
    ),
    // AWS.
    form(
        "aws access key id",
        Args(&["--aws-id", "AKIAIOSFODNN7EXAMPLE"]),
        &["AKIAIOSFODNN7EXAMPLE"],
    ),
    form(
        "aws secret access key alone",
        Args(&["--aws", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"]),
        &["wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"],
    ),
    form(
        "aws id:secret pair",
        Args(&["AKIAI44QH8DHBEXAMPLE:je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY"]),
        &[
            "AKIAI44QH8DHBEXAMPLE",
            "je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY",
        ],
    ),
    // JWTs.
    form(
        "unsigned jwt",
        Args(&["--id", "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1bnNpZ25lZCJ9."]),
        &["eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1bnNpZ25lZCJ9."],
    ),
    form(
        "signed jwt",
        Args(&["eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzaWduZWQifQ.Xq8vT3nWb2LmK9pR4sZ7yA1cD5eF6gH0iJ"]),
        &["eyJhbGciOiJIUzI1NiJ9", "Xq8vT3nWb2LmK9pR4sZ7yA1cD5eF6gH0iJ"],
    ),
    // Webhooks.
    form(
        "slack webhook, lower-case token",
        Args(&["https://hooks.slack.com/services/t0abcdefg/b0hijklmn/qwxzrtvplkmnbvcxzsdfghjq"]),
        &["qwxzrtvplkmnbvcxzsdfghjq"],
    ),
    form(
        "discord webhook",
        Args(&[
            "https://discord.com/api/webhooks/112233445566778899/zx-cv_bnm1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik",
        ]),
        &["zx-cv_bnm1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik"],
    ),
    form(
        "secret in a url path (zapier-like)",
        Args(&["https://mcp.zapier.example/api/mcp/s/ZmFrZS16YXBpZXItc2VjcmV0LXBhdGg=/mcp"]),
        &["ZmFrZS16YXBpZXItc2VjcmV0LXBhdGg="],
    ),
    // Key material and blobs.
    form(
        "private key pem",
        Args(&[
            "--key-pem",
            "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n-----END PRIVATE KEY-----",
        ]),
        &["MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7"],
    ),
    form(
        "base64 blob",
        Args(&["--blob", "c2VjcmV0LXZhbHVlLWZvci10ZXN0aW5n"]),
        &["c2VjcmV0LXZhbHVlLWZvci10ZXN0aW5n"],
    ),
    form(
        "hex blob",
        Args(&["9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"]),
        &["9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"],
    ),
    form(
        "short punctuated password",
        Args(&["--db", "Xk9#mP2$vL"]),
        &["Xk9#mP2$vL"],
    ),
    // Connection strings.
    form(
        "postgres url",
        Args(&["postgresql://app:pgS3cret-Pw41@db.internal:5432/app?sslmode=require"]),
        &["pgS3cret-Pw41"],
    ),
    form(
        "mongodb+srv url",
        Args(&["mongodb+srv://svc:mongoPw-88Zx@cluster0.ab1cd.mongodb.net/db?retryWrites=true"]),
        &["mongoPw-88Zx"],
    ),
    form(
        "redis url, password only",
        Args(&["redis://:redisPw-71Qa@cache.internal:6379/0"]),
        &["redisPw-71Qa"],
    ),
    form(
        "ado.net connection string",
        Args(&["Server=tcp:sql.example,1433;Database=app;User Id=app;Password=AdoPw-3311x;"]),
        &["AdoPw-3311x"],
    ),
    form(
        "azure storage connection string",
        Args(&[
            "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=;EndpointSuffix=core.windows.net",
        ]),
        &["QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo="],
    ),
    // Fragments, scripts, JSON.
    form(
        "secret in a fragment",
        Args(&["https://app.example/cb#access_token=FragTok-9Zq81Lm&token_type=bearer"]),
        &["FragTok-9Zq81Lm"],
    ),
    form(
        "bare fragment secret",
        Args(&["https://app.example/#Fr4gm3ntS3cr3tV4lue"]),
        &["Fr4gm3ntS3cr3tV4lue"],
    ),
    form(
        "secret in a sh -c script",
        Args(&[
            "sh",
            "-c",
            "curl -H 'X-Api-Key: scriptKey-44Aa' https://h.example && mysql -pScr1ptPw db",
        ]),
        &["scriptKey-44Aa", "Scr1ptPw"],
    ),
    form(
        "json argument, secret-named key",
        Args(&[
            "--config",
            r#"{"apiKey":"jsonKey-77Qq","nested":{"clientSecret":"nestedSecretWord"}}"#,
        ]),
        &["jsonKey-77Qq", "nestedSecretWord"],
    ),
    form(
        "json argument, plain key",
        Args(&["--config", r#"{"value":"Vj8kLq2Zm4Np6Rt","mode":"fast"}"#]),
        &["Vj8kLq2Zm4Np6Rt"],
    ),
    form(
        "docker -e NAME=value",
        Args(&["docker", "run", "-e", "API_TOKEN=dockerEnvTok-5Qz", "image"]),
        &["dockerEnvTok-5Qz"],
    ),
    form(
        "key:value pair",
        Args(&["api_key:Km2Xp9Lq4Rz7Vb1"]),
        &["Km2Xp9Lq4Rz7Vb1"],
    ),
    form(
        "nested setting name",
        Args(&["--set=auth.token=nestedSetTok-42"]),
        &["nestedSetTok-42"],
    ),
    form(
        "secret after an unknown flag",
        Args(&["--seed-value", "Qm7Rv2Xt9Lp4Zw8K"]),
        &["Qm7Rv2Xt9Lp4Zw8K"],
    ),
    // Environment values: never written, whatever their name or shape.
    form(
        "env token",
        Env("GITHUB_TOKEN", "ghp_EnvT0k3nAbCdEfGhIjKlMnOpQrSt0123"),
        &[],
    ),
    form(
        "env plain-looking password",
        Env("DB_PASSWORD", "plainenvpassword"),
        &["plainenvpassword"],
    ),
    form(
        "env value under a plain name",
        Env("SETTING", "Setting-Val-9vX2"),
        &["Setting-Val-9vX2"],
    ),
    form(
        "env connection string",
        Env("DATABASE_URL", "postgresql://u:envUrlPw-62@db/app"),
        &["envUrlPw-62"],
    ),
    // Remote entries: the URL, and headers.
    form(
        "remote url query token",
        Url("http://127.0.0.1:9/mcp?api_key=remoteQk-81Xz&profile=dev"),
        &["remoteQk-81Xz"],
    ),
    form(
        "remote url userinfo",
        Url("http://svc:remoteUserPw-19@127.0.0.1:9/mcp"),
        &["remoteUserPw-19"],
    ),
    form(
        "remote url path secret",
        Url("http://127.0.0.1:9/s/Rm0t3P4thS3cr3tV4lu3x/mcp"),
        &["Rm0t3P4thS3cr3tV4lu3x"],
    ),
    form(
        "remote url fragment",
        Url("http://127.0.0.1:9/mcp#RemoteFragKey77"),
        &["RemoteFragKey77"],
    ),
    form(
        "remote url signed",
        Url("http://127.0.0.1:9/mcp?X-Amz-Signature=aa11bb22cc33dd44ee55ff66&X-Amz-Expires=60"),
        &["aa11bb22cc33dd44ee55ff66"],
    ),
    form(
        "remote bearer header",
        Header("Authorization", "Bearer hdrBearer-55Kq2Lm"),
        &["hdrBearer-55Kq2Lm"],
    ),
    form(
        "remote plain-looking header",
        Header("X-Custom-Auth", "plainheadervalue"),
        &[],
    ),
    form(
        "remote cookie header",
        Header("Cookie", "sid=hdrCookie-31Zz"),
        &[],
    ),
];

impl Form {
    /// What must never be written: each listed secret, or any 8 characters of it in a row;
    /// and an env or header value whole (its parts may be everyday words: `postgresql`).
    fn needles(&self) -> Vec<String> {
        let mut all: Vec<String> = self.secrets.iter().flat_map(|s| parts(s)).collect();
        if let Env(_, value) | Header(_, value) = self.place {
            all.push(value.to_owned());
        }
        all
    }
}

/// A server that writes each of its arguments, and the env variable its first argument
/// names, on stderr, and exits 3: the error about it quotes its command and those lines.
const ECHO: &str = r#"v=$1; shift; for a in "$@"; do printf 'arg: %s\n' "$a" >&2; done; [ -n "$v" ] && printenv "$v" >&2; exit 3"#;

/// A shell script that starts the calculator: `sh -c SCRIPT sh ARGS...` ignores ARGS.
fn calc_script() -> String {
    format!("exec '{}'", calculator().display())
}

/// An address nothing listens on: a remote entry fails fast, and its error is written.
const NOWHERE: &str = "http://127.0.0.1:9/mcp";

/// The corpus as a JSON `mcpServers` config (`.mcp.json`, whose entries may be remote): each
/// stdio form in a server that echoes its arguments and exits, and all of them in one server
/// that starts and one whose program does not exist; each remote form once.
fn json_config() -> Value {
    let mut servers = Map::new();
    let mut all_args = Vec::new();
    let mut all_env = Map::new();
    for (i, f) in CORPUS.iter().enumerate() {
        let (args, env, var): (Vec<String>, Value, &str) = match &f.place {
            Args(args) => (
                args.iter().map(|a| (*a).to_owned()).collect(),
                json!({}),
                "",
            ),
            Env(k, v) => (Vec::new(), json!({ *k: *v }), k),
            Url(url) => {
                servers.insert(format!("r{i}-url"), json!({ "type": "http", "url": url }));
                continue;
            }
            Header(name, value) => {
                servers.insert(
                    format!("r{i}-header"),
                    json!({ "type": "http", "url": NOWHERE, "headers": { *name: *value } }),
                );
                continue;
            }
        };
        let mut echo = vec![
            "-c".to_owned(),
            ECHO.to_owned(),
            "sh".to_owned(),
            var.to_owned(),
        ];
        echo.extend(args.iter().cloned());
        servers.insert(
            format!("s{i}-echo"),
            json!({ "command": "sh", "args": echo, "env": env }),
        );
        all_args.extend(args);
        if let Value::Object(vars) = env {
            all_env.extend(vars);
        }
    }
    // One server that starts (its command line is shown, its tools listed) and one whose
    // program does not exist, each with every form's arguments and environment.
    let mut calc = vec!["-c".to_owned(), calc_script(), "sh".to_owned()];
    calc.extend(all_args.iter().cloned());
    servers.insert(
        "all-calc".to_owned(),
        json!({ "command": "sh", "args": calc, "env": all_env }),
    );
    servers.insert(
        "all-gone".to_owned(),
        json!({ "command": "/nonexistent/corpus-server", "args": all_args, "env": all_env }),
    );
    json!({ "mcpServers": servers })
}

/// The same corpus as a Codex `config.toml` (`[mcp_servers.NAME]` tables, `http_headers`).
fn codex_config() -> String {
    let mut out = String::new();
    let q = |s: &str| Value::String(s.to_owned()).to_string();
    for (i, f) in CORPUS.iter().enumerate() {
        match &f.place {
            Args(args) => {
                let mut all = vec![
                    "-c".to_owned(),
                    ECHO.to_owned(),
                    "sh".to_owned(),
                    String::new(),
                ];
                all.extend(args.iter().map(|a| (*a).to_owned()));
                let list: Vec<String> = all.iter().map(|a| q(a)).collect();
                out.push_str(&format!(
                    "[mcp_servers.s{i}]\ncommand = \"sh\"\nargs = [{}]\n\n",
                    list.join(", ")
                ));
            }
            Env(k, v) => {
                out.push_str(&format!(
                    "[mcp_servers.s{i}]\ncommand = \"sh\"\nargs = [{}, {}, \"sh\", {}]\n[mcp_servers.s{i}.env]\n{k} = {}\n\n",
                    q("-c"),
                    q(ECHO),
                    q(k),
                    q(v)
                ));
            }
            Url(url) => out.push_str(&format!("[mcp_servers.r{i}]\nurl = {}\n\n", q(url))),
            Header(name, value) => out.push_str(&format!(
                "[mcp_servers.r{i}]\nurl = {}\n[mcp_servers.r{i}.http_headers]\n{} = {}\n\n",
                q(NOWHERE),
                q(name),
                q(value)
            )),
        }
    }
    out
}

/// The formats each config is audited in.
const FORMATS: [&[&str]; 5] = [
    &[],
    &["-v"],
    &["--format", "json"],
    &["--format", "sarif"],
    &["--format", "github"],
];

/// Every 8 characters in a row of `secret` (the whole of a shorter one).
fn parts(secret: &str) -> Vec<String> {
    let chars: Vec<char> = secret.chars().collect();
    if chars.len() <= 8 {
        return vec![secret.to_owned()];
    }
    chars.windows(8).map(|w| w.iter().collect()).collect()
}

/// The families of the forms whose secret (or part of one) `r` shows, with what it showed.
fn leaks(r: &Run, label: &str, found: &mut BTreeSet<String>, seen: &mut Vec<String>) {
    for f in CORPUS {
        for part in f.needles() {
            for (stream, text) in [("stdout", &r.stdout), ("stderr", &r.stderr)] {
                if text.contains(&part) && found.insert(f.family.to_owned()) {
                    seen.push(format!("{}: {part:?} in {label} {stream}", f.family));
                }
            }
        }
    }
}

/// Runs `audit --config FILE` in every format and collects what leaked.
fn audit_everywhere(file: &str, found: &mut BTreeSet<String>, seen: &mut Vec<String>) -> Vec<Run> {
    FORMATS
        .iter()
        .map(|format| {
            let mut argv = vec!["audit", "--config", file, "--timeout", "20"];
            argv.extend(format.iter());
            let started = std::time::Instant::now();
            let r = run(&argv);
            eprintln!("{argv:?}: {:.1?}", started.elapsed());
            assert!(
                matches!(r.code, Some(1 | 2)),
                "{argv:?} exit {:?}\n{}\n{}",
                r.code,
                r.stdout,
                r.stderr
            );
            leaks(
                &r,
                &format!(
                    "{} {}",
                    file.rsplit('/').next().unwrap_or(file),
                    format.join(" ")
                ),
                found,
                seen,
            );
            r
        })
        .collect()
}

#[test]
fn no_form_of_the_corpus_is_written_in_any_format() {
    assert!(CORPUS.len() >= 60, "{} forms", CORPUS.len());
    let scratch = Scratch::new("secrets-corpus", "all");
    let json_file = scratch.file(".mcp.json");
    std::fs::write(&json_file, json_config().to_string()).expect("write the config");
    std::fs::create_dir_all(scratch.0.join(".codex")).expect("codex dir");
    let codex_file = scratch.file(".codex/config.toml");
    std::fs::write(&codex_file, codex_config()).expect("write the codex config");

    let mut found = BTreeSet::new();
    let mut seen = Vec::new();
    let json_runs = audit_everywhere(&json_file, &mut found, &mut seen);
    let codex_runs = audit_everywhere(&codex_file, &mut found, &mut seen);
    eprintln!(
        "corpus: {} forms, {} of them written somewhere",
        CORPUS.len(),
        found.len()
    );
    assert!(
        found.is_empty(),
        "{} of {} forms written:\n{}",
        found.len(),
        CORPUS.len(),
        seen.join("\n")
    );

    // The runs did audit the corpus: each server's key, and errors for the ones that fail.
    let text = &json_runs[0].stdout;
    for (i, f) in CORPUS.iter().enumerate() {
        let key = match f.place {
            Args(_) | Env(_, _) => format!("s{i}-echo"),
            Url(_) => format!("r{i}-url"),
            Header(_, _) => format!("r{i}-header"),
        };
        assert!(text.contains(&key), "no {key} in\n{text}");
    }
    assert!(
        codex_runs[0].stdout.contains("exited with code 3"),
        "{}",
        codex_runs[0].stdout
    );
}

/// What a reader needs stays in every format: each server's key, the program that started
/// it, its flags (the secret-named ones too), plain values (a package, a path, a port, a
/// mode, a host), and which `--header` was wrong.
#[test]
fn the_report_still_names_servers_commands_and_flags() {
    let scratch = Scratch::new("secrets-corpus", "names");
    let file = scratch.file(".mcp.json");
    let doc = json!({ "mcpServers": {
        "files": { "command": "/nonexistent/bin/npx-like", "args": [
            "-y", "@modelcontextprotocol/server-filesystem@1.2.0", "/home/me/projects",
            "--api-key", "Qm7Rv2Xt9Lp4Zw8K", "--port", "8080", "--transport", "stdio",
        ]},
        "cache": { "command": "redis-cli-missing", "args": [
            "-h", "cache.internal", "-a", "foobaredpass", "--passphrase", "amber-lake",
        ]},
        "db": { "command": "sh", "args": [
            "-c", ECHO, "sh", "", "postgresql://app:pgS3cret-Pw41@db.internal:5432/app", "--read-only",
        ]},
        "web": { "type": "http", "url": "http://127.0.0.1:9/mcp?profile=dev&api_key=remoteQk-81Xz",
                 "headers": { "Authorization": "Bearer hdrBearer-55Kq2Lm" } },
    }});
    std::fs::write(&file, doc.to_string()).expect("write the config");
    for format in FORMATS {
        let mut argv = vec!["audit", "--config", file.as_str(), "--timeout", "20"];
        argv.extend(format.iter());
        let r = run(&argv);
        let all = format!("{}\n{}", r.stdout, r.stderr);
        for needed in [
            "files",
            "cache",
            "db",
            "web",
            "/nonexistent/bin/npx-like",
            "@modelcontextprotocol/server-filesystem@1.2.0",
            "/home/me/projects",
            "--api-key",
            "--port",
            "8080",
            "stdio",
            "redis-cli-missing",
            "cache.internal",
            "-a",
            "--passphrase",
            "postgresql://app:",
            "db.internal:5432/app",
            "--read-only",
            "127.0.0.1:9/mcp?profile=dev&api_key=",
        ] {
            assert!(all.contains(needed), "{format:?}: no {needed:?} in\n{all}");
        }
        for secret in [
            "Qm7Rv2Xt9Lp4Zw8K",
            "foobaredpass",
            "amber-lake",
            "pgS3cret-Pw41",
            "remoteQk-81Xz",
            "hdrBearer-55Kq2Lm",
        ] {
            assert!(!all.contains(secret), "{format:?}: {secret:?} in\n{all}");
        }
    }
    // A `--header` given wrong is named by its number; its text is not shown.
    let r = run([
        "audit",
        "--url",
        "http://127.0.0.1:9/mcp",
        "--header",
        "X-Api-Key hdrNoColon-42",
    ]);
    r.exits(2).err_has("--header number 1:");
    assert!(!r.stderr.contains("hdrNoColon-42"), "{}", r.stderr);
}
