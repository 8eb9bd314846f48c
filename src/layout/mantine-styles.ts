// The styles of the Mantine components the layout uses, one file each: the whole of
// @mantine/core/styles.css would take much of the app's 20 KiB CSS budget.
import '@mantine/core/styles/Badge.css';
