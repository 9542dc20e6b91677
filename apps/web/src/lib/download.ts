/**
 * Hands a value to the browser as a JSON file download. The bytes were fetched through the
 * one HTTP client (its session, XSRF and error handling); only the saving happens here.
 */
export function saveJsonFile(fileName: string, value: unknown) {
  saveFile(
    fileName,
    new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' }),
  );
}

/** Hands a file the one HTTP client fetched (`download`) to the browser to save. */
export function saveFile(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
