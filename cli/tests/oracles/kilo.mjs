// Saying one thing to a running `kilo serve` (`run.mjs`'s served runs of Kilo Code), in a
// session of its own, over the server's HTTP API: the calls `kilo run --attach` makes (read in
// its bundle, 7.7.7). A new session (`POST /session`), then the slash command
// (`POST /session/:id/command`, the words after it the arguments, joined by spaces as
// `kilo run` joins its message) or the text (`POST /session/:id/message`). Each call answers
// when the model's reply has come.

/**
 * Says `say` to the server at `url`; resolves to what it answered, or to what went wrong (an
 * error answer, such as a command the server does not know, or no answer in `timeoutMs`): a
 * run that reached no model, as a `kilo run --attach` that failed or hung was.
 */
export async function askKilo(url, say, timeoutMs) {
  const signal = AbortSignal.timeout(timeoutMs);
  const post = async (path, body) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    return { ok: res.ok, body: await res.text() };
  };
  try {
    const session = await post('/session', {});
    if (!session.ok) return `POST /session: ${session.body}`;
    const { id } = JSON.parse(session.body);
    const [command, ...rest] = say.startsWith('/') ? say.slice(1).split(' ') : [null];
    const said = command === null
      ? await post(`/session/${id}/message`, { model: { providerID: 'oracle', modelID: 'fake-model' }, parts: [{ type: 'text', text: say }] })
      : await post(`/session/${id}/command`, { command, arguments: rest.join(' '), model: 'oracle/fake-model' });
    return said.body;
  } catch (error) {
    return `kilo serve at ${url}: ${error}`;
  }
}
