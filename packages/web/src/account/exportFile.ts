// Data export downloads (document 1, section 7): the file is the pretty-printed JSON of the answer's data in
// both formats, named after the product plus profile_data or session_data, with the json or csv extension.
export type ExportFormat = 'json' | 'csv';
export type ExportKind = 'profile_data' | 'session_data';

export function exportFileName(kind: ExportKind, format: ExportFormat): string {
  return `PostureVision_${kind}.${format}`;
}

export function exportFileContent(data: unknown): string {
  return JSON.stringify(data, null, 2);
}

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
