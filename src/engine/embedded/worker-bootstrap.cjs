'use strict';
/**
 * Worker-thread entry of the embedded MiniZinc: runs the package's Web Worker script
 * (`minizinc-worker.js`) inside Node. The script needs the Web Worker globals
 * `addEventListener` and `postMessage`; given `require`, `__filename` and `__dirname`, its
 * Emscripten glue takes the Node path and reads `minizinc.data` with fs. The compiled
 * WebAssembly.Module comes in workerData, so no worker compiles the 18 MB binary again.
 */
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { dirname } = require('node:path');
const vm = require('node:vm');

const { module: sharedModule, wasmBytes, workerScript } = workerData;

// Emscripten instantiates from the bytes it read (recognised by their length); give it an
// instance of the shared module instead.
const instantiate = WebAssembly.instantiate.bind(WebAssembly);
WebAssembly.instantiate = async (source, imports) => {
  if (source?.byteLength !== wasmBytes) return instantiate(source, imports);
  return { instance: await instantiate(sharedModule, imports), module: sharedModule };
};

globalThis.postMessage = (message) => parentPort.postMessage(message);
globalThis.addEventListener = (type, listener) => {
  if (type === 'message') parentPort.on('message', (data) => listener({ data }));
};

const source = readFileSync(workerScript, 'utf8');
const run = vm.runInThisContext(`(function (require, __filename, __dirname) {${source}\n})`, { filename: workerScript });
run(require, workerScript, dirname(workerScript));
