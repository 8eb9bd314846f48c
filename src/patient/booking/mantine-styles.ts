// Component CSS for the consult, booking and finish screens, one component at a time.
import '../../questions/mantine-styles.ts';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
