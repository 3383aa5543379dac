// Keys store: one Pinia store for the keys screen, composed of its concerns under stores/keys/ — the listing (accounts,
// the table, search, filters), the selection, the one revealed key, and the key actions as Results. DTOs only.
import { defineStore } from 'pinia';
import { useKeyEdits } from './keys/key-edits';
import { useKeyListing } from './keys/key-listing';
import { useKeyReveal } from './keys/key-reveal';
import { useKeySelection } from './keys/key-selection';

export { PAGE_SIZES, type AccountLoad, type KeyAccountView } from './keys/key-listing';
export { rowKey } from './keys/key-selection';

export const useKeysStore = defineStore('keys', () => {
  const selection = useKeySelection();
  const listing = useKeyListing(selection);
  const reveal = useKeyReveal();
  const edits = useKeyEdits({
    replaceRow: listing.replaceRow,
    forgetListed: listing.forgetListed,
    highlight: (key) => {
      selection.highlighted.value = key;
    },
  });
  // The store's surface is the same as when it was one body: the screen and its tests need not know the split.
  const { forgetListed: _internal, ...listed } = listing;
  const { clearSelection: _clear, keepSelectedOf: _keep, ...selected } = selection;
  return { ...listed, ...selected, ...reveal, ...edits };
});
