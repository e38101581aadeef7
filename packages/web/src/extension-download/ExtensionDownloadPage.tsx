// Placeholder until the extension issue lands.
export default function ExtensionDownloadPage() {
  return <h1>Chrome extension</h1>;
}
