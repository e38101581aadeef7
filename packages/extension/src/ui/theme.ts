// Extension pages follow the system's colour scheme; dark unless the system asks for light (the product's
// default theme is dark). The shared tokens switch on data-theme="light".
export function followSystemTheme(doc: Document = document): void {
  const light = window.matchMedia('(prefers-color-scheme: light)');
  const apply = () => {
    doc.body.dataset.theme = light.matches ? 'light' : 'dark';
  };
  apply();
  light.addEventListener('change', apply);
}
