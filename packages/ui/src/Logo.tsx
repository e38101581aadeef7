/** The product's mark and name; the mark takes the accent colour, the name the text colour. */
export function Logo({ size = 28, name = true }: { size?: number; name?: boolean }) {
  return (
    <span className="logo ui-logo">
      <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true">
        <circle cx="16" cy="6" r="4" fill="currentColor" />
        <path d="M16 11 C12 16 12 22 16 29" stroke="currentColor" strokeWidth="3" fill="none" />
        <path d="M9 15 L23 15" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {name && <span>Posture Vision</span>}
    </span>
  );
}
