// The styles of the Mantine components the intake and continuing-care parts use beyond the shell's.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/List.css';
