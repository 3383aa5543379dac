// Lets plain TypeScript tooling (ESLint's type-aware rules) see .vue imports; vue-tsc reads the real components.
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent;
  export default component;
}
