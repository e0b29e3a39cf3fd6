/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import type { BookingCheckResponse, ManifestPlanResponse } from '../../contract/index.ts';
import { classifyDocument, DocumentError, operationOf, type SnapshotDocument, type ViewerData } from './documents.ts';

interface LoaderElements {
  files: HTMLInputElement;
  dropZone: HTMLElement;
  paste: HTMLTextAreaElement;
  pasteAdd: HTMLButtonElement;
  token: HTMLInputElement;
  send: HTMLButtonElement;
  status: HTMLElement;
  snapshotSlot: HTMLElement;
  responseSlot: HTMLElement;
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/**
 * The loading panel: JSON documents dropped, chosen or pasted (recognised by their fields), or
 * the snapshot sent to this service with a bearer token. The token is read from its field at
 * the moment of sending and goes only into the Authorization header: never into a URL, a
 * cookie or web storage, and the page keeps no copy of it.
 */
export function setupLoader(onData: (data: ViewerData) => void): void {
  const elements: LoaderElements = {
    files: byId('files'),
    dropZone: byId('drop-zone'),
    paste: byId('paste'),
    pasteAdd: byId('paste-add'),
    token: byId('token'),
    send: byId('send'),
    status: byId('loader-status'),
    snapshotSlot: byId('slot-snapshot'),
    responseSlot: byId('slot-response'),
  };
  let snapshot: SnapshotDocument | null = null;
  let response: ManifestPlanResponse | BookingCheckResponse | null = null;
  let drawn: ViewerData | null = null;

  const say = (message: string, kind: 'info' | 'error' = 'info') => {
    elements.status.textContent = message;
    elements.status.dataset.kind = kind;
  };

  const show = () => {
    elements.snapshotSlot.textContent =
      snapshot === null ? 'none yet' : `${count(snapshot.drivers.length, 'driver')}, ${count(snapshot.movements.length, 'leg')}${(snapshot.new_movements?.length ?? 0) > 0 ? `, ${snapshot.new_movements!.length} new` : ''}`;
    elements.responseSlot.textContent = response === null ? 'none yet' : 'manifests' in response ? `manifests for ${response.manifests.length} drivers` : `booking check: ${response.status}`;
    elements.send.disabled = snapshot === null;
    elements.send.textContent = snapshot === null ? 'Send the snapshot to the service' : `${operationOf(snapshot).label} with the service`;
    if (snapshot === null) return;
    if (response !== null && response.data_as_of !== snapshot.data_as_of) {
      say(`The response's data_as_of (${response.data_as_of}) is not the snapshot's (${snapshot.data_as_of}): is it the answer to another snapshot?`, 'error');
    }
    if (drawn?.snapshot === snapshot && drawn.response === response) return;
    drawn = { snapshot, response };
    onData(drawn);
  };

  const accept = (text: string, name: string) => {
    try {
      const document = classifyDocument(text, name);
      if (document.kind === 'snapshot') {
        if (snapshot !== document.snapshot) response = null;
        snapshot = document.snapshot;
      } else {
        response = document.response;
      }
      say(`${name}: read as ${document.kind === 'snapshot' ? 'a snapshot' : document.kind === 'manifest' ? 'a manifest plan' : 'a booking-check answer'}.`);
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      say(error.message, 'error');
    }
  };

  const readFiles = async (files: FileList | null) => {
    // Snapshots first, so that a response dropped together with its snapshot is kept.
    const texts = await Promise.all([...(files ?? [])].map(async (file) => ({ name: file.name, text: await file.text() })));
    texts.sort((a, b) => Number(a.text.includes('"manifests"') || a.text.includes('"status"')) - Number(b.text.includes('"manifests"') || b.text.includes('"status"')));
    for (const { name, text } of texts) accept(text, name);
    show();
  };

  elements.files.addEventListener('change', () => void readFiles(elements.files.files));
  document.addEventListener('dragover', (event) => {
    event.preventDefault();
    elements.dropZone.classList.add('dragging');
  });
  document.addEventListener('dragleave', () => elements.dropZone.classList.remove('dragging'));
  document.addEventListener('drop', (event) => {
    event.preventDefault();
    elements.dropZone.classList.remove('dragging');
    void readFiles(event.dataTransfer?.files ?? null);
  });
  elements.pasteAdd.addEventListener('click', () => {
    accept(elements.paste.value, 'The pasted JSON');
    elements.paste.value = '';
    show();
  });

  elements.send.addEventListener('click', async () => {
    if (snapshot === null) return;
    const token = elements.token.value.trim();
    if (token === '') {
      say('Type a bearer token first.', 'error');
      return;
    }
    const operation = operationOf(snapshot);
    elements.send.disabled = true;
    const began = Date.now();
    const ticker = setInterval(() => say(`Waiting for the service (${Math.round((Date.now() - began) / 1000)} s)…`), 1000);
    say('Waiting for the service…');
    try {
      const answer = await fetch(operation.path, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(snapshot),
        credentials: 'omit',
        cache: 'no-store',
      });
      const text = await answer.text();
      clearInterval(ticker);
      accept(text, `The service's answer (HTTP ${answer.status})`);
    } catch (error) {
      clearInterval(ticker);
      say(`The service could not be reached: ${(error as Error).message}`, 'error');
    }
    show();
  });
  show();
}
