// shared-ui/widgets: the parts of shared-ui that only dialogs and forms opened later need (Modal, the
// confirmation, the multi-select, the drop area, the progress bar). A singleton of its own in the
// federation (build-config's sharedSingletons), so the shell's first load carries shared-ui's core
// only (docs/performance.md "The first visit"). What these use of the core they import from 'shared-ui'.
export {
  ConfirmDialog,
  type ConfirmDialogProps,
  type ConfirmedActionOptions,
  type ConfirmOptions,
  useConfirm,
  useConfirmedAction,
} from './confirm/ConfirmDialog';
export { Dropzone, type DropzoneProps } from './dropzone/Dropzone';
export { rejectionText } from './dropzone/rejection-text';
export {
  Modal,
  type ModalProps,
  type ModalWidth,
} from './modal/Modal';
export {
  MultiSelect,
  type MultiSelectOption,
  type MultiSelectProps,
} from './multi-select/MultiSelect';
export { ProgressBar, type ProgressBarProps } from './progress-bar/ProgressBar';
