export function Logo() {
  return (
    <span className="logo">
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <circle cx="16" cy="6" r="4" fill="currentColor" />
        <path d="M16 11 C12 16 12 22 16 29" stroke="currentColor" strokeWidth="3" fill="none" />
        <path d="M9 15 L23 15" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span>Posture Vision</span>
    </span>
  );
}
