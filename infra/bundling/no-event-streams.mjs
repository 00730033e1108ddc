// Stands in for @smithy/core/event-streams, which the SDK's HTTP protocol imports lazily for
// operations that stream events (S3 SelectObjectContent, Bedrock, Transcribe...). No function calls
// one, so this keeps ~15 KB out of every bundle; if one ever does, it fails loudly here.
const missing = () => {
  throw new Error('This function was bundled without SDK event-stream support (infra/bundling/no-event-streams.mjs).');
};
export const EventStreamSerde = missing;
export const eventStreamSerdeProvider = missing;
