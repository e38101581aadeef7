export type ExportFormat = 'json' | 'csv';

/** Saves text as a file through a temporary object URL. */
export function downloadText(fileName: string, text: string, format: ExportFormat): void {
  const type = format === 'json' ? 'application/json' : 'text/csv';
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
