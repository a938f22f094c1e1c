import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { CMS_TEXTS, type FieldDef, fieldsOf, listToLines, todayIso } from '#shared/content/cms-fields';
import type { ContentRecord } from '#shared/contracts/content';
import { ApiError } from '../../../lib/api';
import { checkPhotoFile, PHOTO_ACCEPT, photoTypeOf } from '../../../lib/image-rules';
import { useToasts } from '../../../lib/toasts';
import { type ContentInput, uploadContentImage, useSaveContent } from '../api/website-content';

/** Values as the inputs hold them: a list field one item per line. */
function initialValues(section: string, record: ContentRecord | undefined): Record<string, string> {
  return Object.fromEntries(
    fieldsOf(section).map((d) => {
      const stored = record?.fields[d.key]?.value ?? '';
      if (d.lines) return [d.key, listToLines(stored)];
      if (!record && d.defaultToday) return [d.key, todayIso()];
      return [d.key, stored];
    }),
  );
}

/** A chosen image waiting for Save Content, with its preview URL. */
interface PendingImage {
  file: File;
  preview: string;
}

const TYPE_HINT: Partial<Record<FieldDef['type'], string>> = {
  rich_text: 'Line breaks, **bold** and *italic* are shown as such.',
  color: 'A hex colour, e.g. #2563eb.',
  image: 'JPG, PNG, WebP or SVG, at most 10 MB. Uploaded when you save.',
  json: 'JSON.',
};

function FieldLabel({ def }: { def: FieldDef }) {
  return (
    <>
      {def.label}
      {def.required && (
        <span aria-hidden="true" className="cms-required">
          {' '}
          *
        </span>
      )}
    </>
  );
}

/**
 * The editor of one record (SPEC 2, 3, 5): an input per field type, required fields marked, status and
 * sort order; images held pending (with a preview) until Save Content, then uploaded. A save from a
 * version another trainer already replaced is refused by the server and said so.
 */
export function ContentEditor({
  section,
  record,
  single,
  onDone,
  preview,
}: {
  section: string;
  record: ContentRecord | undefined;
  /** A single-record section: no sort order, no cancel. */
  single: boolean;
  onDone: () => void;
  /** The record as the public page shows it (composed by the app from the public components). */
  preview?: (fields: Record<string, string>, sortOrder: number) => ReactNode;
}) {
  const { notify } = useToasts();
  const save = useSaveContent(section);
  const defs = fieldsOf(section);
  const [values, setValues] = useState(() => initialValues(section, record));
  const [status, setStatus] = useState<'published' | 'draft'>(record?.status ?? 'draft');
  const [sortOrder, setSortOrder] = useState(String(record?.sortOrder ?? 0));
  const [pending, setPending] = useState<Record<string, PendingImage>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [showPreview, setShowPreview] = useState(false);
  const formId = useId();

  // The previews' object URLs are released when the editor closes.
  const held = useRef(pending);
  held.current = pending;
  useEffect(
    () => () => {
      for (const p of Object.values(held.current)) URL.revokeObjectURL(p.preview);
    },
    [],
  );

  const set = (key: string, v: string) => setValues((old) => ({ ...old, [key]: v }));

  const choose = (key: string, file: File | undefined) => {
    if (!file) return;
    const problem = checkPhotoFile(file);
    if (problem) {
      setErrors((e) => ({ ...e, [key]: problem }));
      notify({ type: 'error', content: problem });
      return;
    }
    setErrors(({ [key]: _gone, ...rest }) => rest);
    setPending((p) => ({ ...p, [key]: { file, preview: URL.createObjectURL(file) } }));
  };

  const submit = async () => {
    const missing = Object.fromEntries(
      defs
        .filter((d) => d.required && !values[d.key]?.trim() && !pending[d.key])
        .map((d) => [d.key, `${d.label} is required`]),
    );
    setErrors(missing);
    if (Object.keys(missing).length) return;
    const fields: Record<string, string | null> = { ...values };
    try {
      for (const [key, p] of Object.entries(pending)) {
        setProgress(0);
        try {
          fields[key] = await uploadContentImage(section, key, p.file, photoTypeOf(p.file) ?? p.file.type, setProgress);
        } catch (e) {
          notify({ type: 'error', content: CMS_TEXTS.uploadFailed((e as Error).message) });
          return;
        }
      }
      setProgress(undefined);
      const input: ContentInput = { status, sortOrder: Number(sortOrder) || 0, fields };
      await save.mutateAsync({ id: record?.id, version: record?.version, input });
      setPending({});
      notify({ type: 'success', content: status === 'published' ? 'Content published' : 'Draft saved' });
      onDone();
    } catch (e) {
      const fieldErrors = e instanceof ApiError ? e.fields : undefined;
      if (fieldErrors) {
        setErrors(
          Object.fromEntries(Object.entries(fieldErrors).map(([k, m]) => [k.replace(/^fields\./, ''), m[0] ?? ''])),
        );
      }
      notify({ type: 'error', content: CMS_TEXTS.saveFailed((e as Error).message) });
    } finally {
      setProgress(undefined);
    }
  };

  const input = (d: FieldDef) => {
    const v = values[d.key] ?? '';
    const change = ({ detail }: { detail: { value: string } }) => set(d.key, detail.value);
    switch (d.type) {
      case 'textarea':
      case 'rich_text':
      case 'json':
        return <Textarea value={v} onChange={change} rows={d.type === 'rich_text' ? 8 : 4} />;
      case 'number':
        return <Input type="number" inputMode="decimal" value={v} onChange={change} />;
      case 'date':
        return <Input value={v} onChange={change} placeholder="YYYY-MM-DD" />;
      case 'color':
        return (
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <input
              type="color"
              aria-label={`${d.label} picker`}
              value={/^#[0-9a-f]{6}$/i.test(v) ? v : '#000000'}
              onChange={(e) => set(d.key, e.target.value)}
            />
            <Input value={v} onChange={change} placeholder="#2563eb" />
          </SpaceBetween>
        );
      case 'image': {
        const shown = pending[d.key]?.preview ?? v;
        return (
          <SpaceBetween size="xs">
            {shown && <img src={shown} alt="" className="cms-image-preview" />}
            <input
              type="file"
              accept={PHOTO_ACCEPT}
              aria-label={`Choose ${d.label}`}
              onChange={(e) => choose(d.key, e.target.files?.[0])}
            />
            {pending[d.key] && <Box variant="small">{pending[d.key].file.name}: uploaded when you save.</Box>}
            <Input value={v} onChange={change} placeholder="Or an image address" ariaLabel={`${d.label} address`} />
          </SpaceBetween>
        );
      }
      default:
        return <Input value={v} onChange={change} />;
    }
  };

  return (
    <Container header={<Header variant="h2">{record ? 'Edit content' : 'New content'}</Header>}>
      <form
        id={formId}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Form
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              {!single && (
                <Button formAction="none" variant="link" onClick={onDone}>
                  Cancel
                </Button>
              )}
              {preview && (
                <Button formAction="none" onClick={() => setShowPreview((s) => !s)}>
                  {showPreview ? 'Hide preview' : 'Preview'}
                </Button>
              )}
              <Button variant="primary" loading={save.isPending || progress !== undefined}>
                Save Content
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="m">
            {defs.map((d) => (
              <FormField
                key={d.key}
                label={<FieldLabel def={d} />}
                constraintText={d.required ? `Required. ${TYPE_HINT[d.type] ?? ''}` : TYPE_HINT[d.type]}
                errorText={errors[d.key]}
                stretch
              >
                {input(d)}
              </FormField>
            ))}
            <FormField label="Status">
              <RadioGroup
                value={status}
                onChange={({ detail }) => setStatus(detail.value as 'published' | 'draft')}
                items={[
                  { value: 'draft', label: 'Draft', description: 'Saved, not on the public site' },
                  { value: 'published', label: 'Published', description: 'On the public site' },
                ]}
              />
            </FormField>
            {!single && (
              <FormField label="Sort order" constraintText="Lower numbers come first on the public site.">
                <Input type="number" value={sortOrder} onChange={({ detail }) => setSortOrder(detail.value)} />
              </FormField>
            )}
            {progress !== undefined && <ProgressBar value={progress} label="Uploading image" />}
          </SpaceBetween>
        </Form>
      </form>
      {showPreview && preview && (
        <Box padding={{ top: 'l' }}>
          <Header variant="h3">Preview</Header>
          {preview(
            { ...values, ...Object.fromEntries(Object.entries(pending).map(([k, p]) => [k, p.preview])) },
            Number(sortOrder) || 0,
          )}
        </Box>
      )}
    </Container>
  );
}
