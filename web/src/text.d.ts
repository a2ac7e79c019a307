// The verification scripts are bundled as text (esbuild's text loader; see src/http/webapp.ts).
declare module '*.py' {
  const text: string;
  export default text;
}
declare module '*.sh' {
  const text: string;
  export default text;
}
