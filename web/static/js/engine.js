// The engine: hupai compiled to WebAssembly (hupai.wasm, built by web/build).
// One call: a query object in, the view object out, as UTF-8 JSON through
// the module's linear memory. Every rule lives in the module.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Fetch and instantiate the module; resolve to `query(object) -> view`. */
export async function loadEngine(url = "hupai.wasm") {
  const response = await fetch(url);
  const type = response.headers.get("content-type") || "";
  const { instance } = type.startsWith("application/wasm")
    ? await WebAssembly.instantiateStreaming(response)
    : await WebAssembly.instantiate(await response.arrayBuffer());
  const x = instance.exports;
  x.hupai_init();
  return function query(q) {
    const bytes = encoder.encode(JSON.stringify(q));
    const at = x.hupai_input(bytes.length);
    new Uint8Array(x.memory.buffer, at, bytes.length).set(bytes);
    const len = x.hupai_query();
    const out = new Uint8Array(x.memory.buffer, x.hupai_output(), len);
    return JSON.parse(decoder.decode(out));
  };
}
