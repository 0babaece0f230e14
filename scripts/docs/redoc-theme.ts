/**
 * The colors of the Redoc reference pages (v1.html, v2.html). The Redoc that @redocly/cli 2
 * bundles takes no `theme` option (it ignores `openapi.theme` of redocly.yaml): its theme is a
 * set of CSS custom properties, so the page gets these after Redoc's own. Each replaces a light
 * theme color whose text fails WCAG 2 AA contrast (4.5:1) on the white page: the grey of the
 * sidebar's search prompt (#9b9ca8, 2.72:1) and the green of the GET badges (#25b869, 2.58:1);
 * the POST blue is darkened too so that it also passes on its own tinted badge background.
 * The dark theme (Redoc's `:root.dark`) keeps its colors.
 */

/** Custom property -> color, per selector of the light theme. */
export const REDOC_LIGHT_THEME: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  ':root:not(.dark)': { '--search-trigger-color': '#5e5f6e' },
  ':root:not(.dark) .tag-get': { '--tag-color': '#157a43' },
  ':root:not(.dark) .tag-post': { '--tag-color': '#1853c8' },
};

/** The theme as a stylesheet. */
export function redocThemeCss(theme = REDOC_LIGHT_THEME): string {
  return Object.entries(theme)
    .map(([selector, vars]) => `${selector} { ${Object.entries(vars).map(([name, value]) => `${name}: ${value};`).join(' ')} }`)
    .join('\n') + '\n';
}
