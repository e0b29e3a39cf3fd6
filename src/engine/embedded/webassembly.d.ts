// The slice of the WebAssembly JS API the engine uses (the project's `lib` has no DOM types).
declare namespace WebAssembly {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Module {}
  function compile(bytes: Uint8Array): Promise<Module>;
}
