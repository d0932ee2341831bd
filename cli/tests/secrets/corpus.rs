//! The corpus of secret forms [`super`] writes into configs: every family the redaction
//! code and its tests knew, those the attacks found printed, and new ones.

/// Where a form puts its secret in a config entry.
pub enum Place {
    /// A stdio entry's `args`.
    Args(&'static [&'static str]),
    /// A stdio entry's `env`: a name and its value.
    Env(&'static str, &'static str),
    /// A remote entry's `url`.
    Url(&'static str),
    /// A remote entry's header: a name and its value.
    Header(&'static str, &'static str),
    /// A stdio entry's key: a token pasted as the server's name.
    Key(&'static str),
    /// A stdio entry's `cwd`, a directory that does not exist: its error names it.
    Cwd(&'static str),
}

/// One form: what it is, where it goes, and the secrets in it that must never be written.
pub struct Form {
    pub family: &'static str,
    pub place: Place,
    pub secrets: &'static [&'static str],
}

const fn form(family: &'static str, place: Place, secrets: &'static [&'static str]) -> Form {
    Form {
        family,
        place,
        secrets,
    }
}

use Place::{Args, Cwd, Env, Header, Key, Url};

/// The corpus: every family the redaction code and its tests knew, those the attacks found
/// printed, and new ones.
pub const CORPUS: &[Form] = &[
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
    // Lower-case random letters with nothing before them saying secret: only their look
    // (no vowel for many letters, a long run of consonants) tells them from a word.
    form(
        "lower-case random letters after a plain flag",
        Args(&["--db", "qmxvtrzkpwlhjdbn"]),
        &["qmxvtrzkpwlhjdbn"],
    ),
    form(
        "lower-case random letters in a url path",
        Args(&["https://relay.example/v1/xkcdqwrtzplmnvbhjgfs/mcp"]),
        &["xkcdqwrtzplmnvbhjgfs"],
    ),
    form(
        "lower-case random letters in a plain-named env value",
        Env("UPSTREAM", "zqkwmxtrvplhnbjdcfgh"),
        &["zqkwmxtrvplhnbjdcfgh"],
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
    form(
        "token as a server key",
        Key("ghp_K3yN4m3T0k3nxYz0123456789abcdWq"),
        &["ghp_K3yN4m3T0k3nxYz0123456789abcdWq"],
    ),
    form(
        "secret segment in cwd",
        Cwd("/nonexistent/vaults/Vq8Zk3Lp0Xw7Rt2Yn5/work"),
        &["Vq8Zk3Lp0Xw7Rt2Yn5"],
    ),
    form("short pin echoed", Env("SERVICE_PIN", "Q7z"), &["Q7z"]),
];
