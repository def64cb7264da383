// Text put into SVG, HTML and XML by the console's own writers (the flow diagram, the state map, replay files): apart
// from the renderers, so a drawing that only needs the escaping does not load another one's code.

/** Characters XML 1.0 cannot hold at all, not even as a reference (C0 controls but tab and line breaks, U+FFFE/FFFF, lone surrogates). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text for XML or HTML: markup characters as references, characters XML cannot hold as U+FFFD. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '\ufffd').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
