/**
 * The credentials CLI while the service runs on the embedded store. PGlite can be open in one
 * process only (lock-file.ts), so the running service lends its open store to the CLI: it
 * listens on a Unix socket in `<DATA_DIR>/control/` and runs the CLI's own commands
 * (commands.ts) there. Only the operator of the machine reaches it: the directory is private to
 * the service's user (0700) and the socket owner-only (0600); there is no network endpoint a
 * credential holder could reach. One request per connection: a JSON line `{"argv": [...]}` in,
 * a JSON line `{"exitCode", "stdout", "stderr"}` out. The token an `issue` prints travels only
 * over this socket and is never logged.
 */
import { chmod, mkdir, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { runCredentialsCommand } from './commands.ts';
import type { CredentialStore } from './store.ts';

export interface CommandResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Where the running service listens, under the data directory it holds. */
export function controlSocketPath(dataDir: string): string {
  return join(dataDir, 'control', 'credentials.sock');
}

/** A command line is a few hundred bytes; anything much larger is not the CLI. */
const MAX_REQUEST_BYTES = 64 * 1024;
const IDLE_TIMEOUT_MS = 10_000;

export interface ControlServerOptions {
  dataDir: string;
  store: CredentialStore;
  serviceEnvironment: string;
  /** Told the command name only (never arguments or output). */
  onCommand?: (command: string, exitCode: number) => void;
  onError?: (error: Error) => void;
}

export interface ControlServer {
  path: string;
  close(): Promise<void>;
}

/** Starts the control socket. The caller holds the embedded store's lock, so a socket file left here is stale. */
export async function startControlServer(options: ControlServerOptions): Promise<ControlServer> {
  const path = controlSocketPath(options.dataDir);
  const directory = join(options.dataDir, 'control');
  await mkdir(directory, { recursive: true, mode: 0o700 });
  await chmod(directory, 0o700); // also when it existed with wider permissions
  await rm(path, { force: true });
  const server = createServer((socket) => serve(socket, options));
  server.on('error', (error) => options.onError?.(error));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(path, 0o600);
  return {
    path,
    close: () => closeServer(server, path),
  };
}

function serve(socket: Socket, options: ControlServerOptions): void {
  socket.setTimeout(IDLE_TIMEOUT_MS, () => socket.destroy());
  socket.on('error', () => socket.destroy());
  let received = '';
  const onData = (chunk: Buffer) => {
    received += chunk.toString('utf8');
    if (received.length > MAX_REQUEST_BYTES) {
      socket.destroy();
      return;
    }
    const end = received.indexOf('\n');
    if (end < 0) return;
    socket.off('data', onData);
    void answer(received.slice(0, end), options).then((result) => socket.end(`${JSON.stringify(result)}\n`));
  };
  socket.on('data', onData);
}

async function answer(line: string, options: ControlServerOptions): Promise<CommandResult> {
  const argv = argvOf(line);
  if (argv === undefined) return { exitCode: 2, stdout: '', stderr: 'credentials: the control socket expects {"argv": [strings]}\n' };
  let stdout = '';
  let stderr = '';
  const exitCode = await runCredentialsCommand(argv, {
    serviceEnvironment: options.serviceEnvironment,
    withStore: (work) => work(options.store),
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
  });
  options.onCommand?.(argv[0] ?? '', exitCode);
  return { exitCode, stdout, stderr };
}

function argvOf(line: string): string[] | undefined {
  try {
    const value = JSON.parse(line) as { argv?: unknown };
    return Array.isArray(value.argv) && value.argv.every((item) => typeof item === 'string') ? value.argv : undefined;
  } catch {
    return undefined;
  }
}

function closeServer(server: Server, path: string): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => {
      void rm(path, { force: true }).then(() => resolve());
    });
  });
}

/**
 * Runs a CLI command in the service that holds the embedded store, or resolves undefined when
 * no service listens (no socket, or one left by a service that stopped).
 */
export function runInService(dataDir: string, argv: string[]): Promise<CommandResult | undefined> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(controlSocketPath(dataDir));
    let received = '';
    socket.on('connect', () => socket.write(`${JSON.stringify({ argv })}\n`));
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(received) as CommandResult);
      } catch {
        reject(new Error('the running service gave no answer on its control socket'));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
  });
}
