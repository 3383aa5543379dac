// Naive UI's Simplified Chinese date locale (date-fns's, for the date and time pickers): a chunk of its own, loaded after the
// first paint, since only dialogs draw a picker.
import { dateZhCN } from 'naive-ui';

export default dateZhCN;
