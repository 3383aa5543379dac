// Stack floor, Vue alone: the floor's list as a Vue component with a plain search box, nothing else of the stack.
import { createApp, h } from 'vue';
import { keyList } from './list';

createApp(
  keyList((value, onInput) =>
    h('input', {
      value,
      placeholder: 'Search',
      'data-testid': 'search-input',
      onInput: (e: Event) => onInput((e.target as HTMLInputElement).value),
    }),
  ),
).mount('#app');
