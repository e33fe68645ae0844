// Saves text as a .csv file through a temporary download link; nothing goes to the server.
export function downloadCsv(csv: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers: give it a moment.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
