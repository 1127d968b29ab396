/**
 * Files and folders dropped on the object browser (issue 9 §4): each dropped item's file-system
 * entry (`DataTransferItem.webkitGetAsEntry()`, taken synchronously in the drop handler — the
 * items are gone after it returns) is walked; a folder's entries come in batches
 * (`readEntries` until it answers none). Every file keeps its path relative to the drop, so
 * `photos/2024/a.jpg` lands under the current prefix with its folders. Entries that cannot be
 * read are counted, not silently dropped.
 */
import type { UploadItem } from './transfer-manager.js';

/** The part of FileSystemEntry this walk uses (the browser's types, or test doubles). */
export interface EntryLike {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
}
export interface FileEntryLike extends EntryLike {
  file(success: (file: File) => void, failure?: (error: unknown) => void): void;
}
export interface DirectoryEntryLike extends EntryLike {
  createReader(): {
    readEntries(success: (entries: EntryLike[]) => void, failure?: (error: unknown) => void): void;
  };
}

export interface DroppedFiles {
  items: UploadItem[];
  unreadable: number;
}

function isFileEntry(e: EntryLike): e is FileEntryLike {
  return e.isFile && typeof (e as Partial<FileEntryLike>).file === 'function';
}
function isDirectoryEntry(e: EntryLike): e is DirectoryEntryLike {
  return e.isDirectory && typeof (e as Partial<DirectoryEntryLike>).createReader === 'function';
}

function relativePath(entry: EntryLike): string {
  return (entry.fullPath || entry.name).replace(/^\/+/, '');
}

async function readAll(dir: DirectoryEntryLike): Promise<EntryLike[]> {
  const reader = dir.createReader();
  const all: EntryLike[] = [];
  for (;;) {
    const batch = await new Promise<EntryLike[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

/** Every file under the dropped entries, with its relative path. */
export async function filesOfEntries(entries: readonly EntryLike[]): Promise<DroppedFiles> {
  const items: UploadItem[] = [];
  let unreadable = 0;
  const stack = [...entries];
  for (let entry = stack.shift(); entry !== undefined; entry = stack.shift()) {
    try {
      if (isFileEntry(entry)) {
        const fileEntry = entry;
        const file = await new Promise<File>((resolve, reject) => fileEntry.file(resolve, reject));
        items.push({ file, path: relativePath(entry) });
      } else if (isDirectoryEntry(entry)) {
        stack.push(...(await readAll(entry)));
      } else {
        unreadable += 1;
      }
    } catch {
      unreadable += 1;
    }
  }
  return { items, unreadable };
}

/**
 * What a drop carries: entries where the browser gives them (folders included), else the plain
 * files. Call synchronously inside the drop handler.
 */
export function dropSources(data: DataTransfer): { entries: EntryLike[]; files: File[] } {
  const entries: EntryLike[] = [];
  const items = Array.from(data.items).filter((item) => item.kind === 'file');
  for (const item of items) {
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (entry !== null) entries.push(entry);
  }
  return entries.length > 0 ? { entries, files: [] } : { entries: [], files: Array.from(data.files) };
}
