// The audit log's web face (issue 30): a record's history button for any details dialog.
export { RecordHistoryButton } from './record-history.tsx';
