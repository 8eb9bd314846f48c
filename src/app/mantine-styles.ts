/*
 * Every Mantine stylesheet the app uses, one component at a time (never the whole styles.css),
 * imported here and nowhere else.
 *
 * Why one module: Mantine's component CSS files all use single-class selectors, so when two
 * rules meet on one element the file loaded later wins. A Button is also an UnstyledButton;
 * with UnstyledButton.css after Button.css the reset wins and every button renders as bare
 * bold text. When screens imported their own component CSS, the order depended on which
 * chunk the browser loaded first. Imported once from the entry (src/main.tsx), in the order
 * of Mantine's own styles.css (base styles and shared parts first), every component is styled
 * whatever route is opened first.
 *
 * tests/app/mantine-styles.test.ts keeps this list true: it computes every component the
 * source renders (and those render in turn) from Mantine's build, and fails on a missing file,
 * a file out of Mantine's order, or Mantine CSS imported anywhere else.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
