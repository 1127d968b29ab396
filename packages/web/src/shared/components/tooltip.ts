/** Mantine's Tooltip as a module's default export, for `DeferredTooltip`'s lazy import. */
import { Tooltip } from '@mantine/core';

export default Tooltip;
