// Saves text the console made (a HAR file, a diagram) as a file, without a round trip to a server.

/** Offers `text` as a download named `fileName`. */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
