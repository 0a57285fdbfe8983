-- Recovery of uploads stuck in `processing` (src/ingest/sweep.ts): how often the scheduled sweep has
-- re-enqueued the document, and a partial index so the sweep reads only processing rows.
ALTER TABLE documents ADD COLUMN recoveries integer NOT NULL DEFAULT 0;
CREATE INDEX documents_processing_idx ON documents (updated_at) WHERE status = 'processing';
