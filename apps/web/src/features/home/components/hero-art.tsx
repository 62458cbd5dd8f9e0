/** Decorative hero illustration drawn in SVG, so the page needs no external or large image. */
export function HeroArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 480 520" role="presentation" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-arch" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f3d9cd" />
          <stop offset="1" stopColor="#e7b7a3" />
        </linearGradient>
        <linearGradient id="hero-coat" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2b2623" />
          <stop offset="1" stopColor="#4a413b" />
        </linearGradient>
        <linearGradient id="hero-dress" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#b4472a" />
          <stop offset="1" stopColor="#8a3219" />
        </linearGradient>
      </defs>
      <path d="M60 520V230a180 180 0 0 1 360 0v290Z" fill="url(#hero-arch)" />
      <circle cx="392" cy="92" r="34" fill="#b4472a" opacity="0.85" />
      <line x1="40" y1="128" x2="440" y2="128" stroke="#1c1917" strokeWidth="4" strokeLinecap="round" />
      <g>
        <path d="M170 128v18" stroke="#1c1917" strokeWidth="3" />
        <path d="M170 146l-48 30h96z" fill="none" stroke="#1c1917" strokeWidth="3" strokeLinejoin="round" />
        <path
          d="M124 178l-30 40 18 16 14-14v250h88V220l14 14 18-16-30-40-24-6c-6 16-16 22-22 22s-16-6-22-22z"
          fill="url(#hero-coat)"
        />
        <path d="M170 200v270" stroke="#6b615a" strokeWidth="2" />
        <circle cx="178" cy="260" r="3.5" fill="#d8c8bb" />
        <circle cx="178" cy="310" r="3.5" fill="#d8c8bb" />
        <circle cx="178" cy="360" r="3.5" fill="#d8c8bb" />
      </g>
      <g>
        <path d="M318 128v22" stroke="#1c1917" strokeWidth="3" />
        <path d="M318 150l-44 28h88z" fill="none" stroke="#1c1917" strokeWidth="3" strokeLinejoin="round" />
        <path d="M292 180c8 10 18 14 26 14s18-4 26-14l10 8-8 52 52 214H238l52-214-8-52z" fill="url(#hero-dress)" />
        <path d="M290 240h56" stroke="#f3d9cd" strokeWidth="3" opacity="0.7" />
      </g>
    </svg>
  );
}
