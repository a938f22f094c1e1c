import './website-config.css';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SideNavigation from '@cloudscape-design/components/side-navigation';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CMS_TEXTS } from '#shared/content/cms-fields';
import type { ContentRecord, WebsiteSection } from '#shared/contracts/content';
import { Seo } from '../../../components/seo';
import { useToasts } from '../../../lib/toasts';
import { useDeleteContent, useSectionContent, useSections } from '../api/website-content';
import { ContentEditor } from './content-editor';

/** A list section's content table (Cloudscape's Table) loads when a list section is shown. */
const ContentTable = lazy(() => import('./content-table').then((m) => ({ default: m.ContentTable })));
/** The delete confirmation loads when it is first opened. */
const DeleteContentDialog = lazy(() =>
  import('./delete-content-dialog').then((m) => ({ default: m.DeleteContentDialog })),
);

/** What the app composes into a section's view: the public preview, and where the section went live. */
export interface SectionSlots {
  preview?: (section: string, fields: Record<string, string>, sortOrder: number) => ReactNode;
  liveStatus?: (section: string) => ReactNode;
}

function SectionView({ section, slots }: { section: WebsiteSection; slots: SectionSlots }) {
  const { notify } = useToasts();
  const content = useSectionContent(section.sectionKey);
  const remove = useDeleteContent(section.sectionKey);
  const [editing, setEditing] = useState<ContentRecord | 'new' | undefined>(undefined);
  const [deleting, setDeleting] = useState<ContentRecord | undefined>(undefined);
  const single = section.sectionType === 'single';
  const items = content.data ?? [];
  const preview = slots.preview
    ? (fields: Record<string, string>, sortOrder: number) => slots.preview?.(section.sectionKey, fields, sortOrder)
    : undefined;

  useEffect(() => {
    if (content.isError) notify({ type: 'error', content: 'Failed to load website content' });
  }, [content.isError, notify]);

  const onDelete = (c: ContentRecord) =>
    remove.mutate(c, {
      onSuccess: () => notify({ type: 'success', content: 'Content deleted' }),
      onError: () => notify({ type: 'error', content: CMS_TEXTS.deleteFailed }),
      onSettled: () => setDeleting(undefined),
    });

  const header = (
    <Header
      variant="h2"
      description={section.description}
      actions={
        !single && !editing ? (
          <Button variant="primary" onClick={() => setEditing('new')}>
            Add Content
          </Button>
        ) : undefined
      }
    >
      {section.displayName}
    </Header>
  );

  let body: ReactNode;
  if (content.isPending) body = <Spinner size="large" />;
  else if (single) {
    body = (
      <ContentEditor
        key={`${items[0]?.id ?? 'new'}-${items[0]?.version ?? 0}`}
        section={section.sectionKey}
        record={items[0]}
        single
        onDone={() => undefined}
        preview={preview}
      />
    );
  } else if (editing) {
    const record = editing === 'new' ? undefined : editing;
    body = (
      <ContentEditor
        key={record ? `${record.id}-${record.version}` : 'new'}
        section={section.sectionKey}
        record={record}
        single={false}
        onDone={() => setEditing(undefined)}
        preview={preview}
      />
    );
  } else {
    body = (
      <Suspense fallback={<Spinner size="large" />}>
        <ContentTable
          sectionName={section.displayName}
          items={items}
          onEdit={(c) => setEditing(c)}
          onDelete={(c) => setDeleting(c)}
        />
      </Suspense>
    );
  }

  return (
    <SpaceBetween size="l">
      <Container header={header}>
        <SpaceBetween size="m">
          {/* The section's live status (when its pages went live) is mounted here by the app. */}
          {slots.liveStatus?.(section.sectionKey)}
          {body}
        </SpaceBetween>
      </Container>
      {deleting && (
        <Suspense fallback={null}>
          <DeleteContentDialog
            record={deleting}
            deleting={remove.isPending}
            onCancel={() => setDeleting(undefined)}
            onDelete={() => onDelete(deleting)}
          />
        </Suspense>
      )}
    </SpaceBetween>
  );
}

/**
 * /dashboard/website-config (admin, SPEC 2): the sections by display name, a section's content list
 * (status, sort order, updated by and when), the editor per section.
 */
export function WebsiteConfigPage({ slots = {} }: { slots?: SectionSlots }) {
  const sections = useSections();
  const [params, setParams] = useSearchParams();
  const all = sections.data ?? [];
  const selected = all.find((s) => s.sectionKey === params.get('section')) ?? all[0];

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Edit what the public site shows, section by section.">
          Website Configuration
        </Header>
      }
    >
      <Seo title="Website Configuration | Pawsitive Portal" description="Website content" robots="noindex, nofollow" />
      {sections.isPending ? (
        <Spinner size="large" />
      ) : sections.isError ? (
        <Container>
          <SpaceBetween size="s">
            <Box>Website sections could not be loaded.</Box>
            <Button onClick={() => void sections.refetch()}>Retry</Button>
          </SpaceBetween>
        </Container>
      ) : (
        <div className="cms-layout">
          <nav aria-label="Website sections">
            <SideNavigation
              header={{ text: 'Sections', href: '?' }}
              activeHref={selected ? `?section=${selected.sectionKey}` : undefined}
              items={all.map((s) => ({ type: 'link', text: s.displayName, href: `?section=${s.sectionKey}` }))}
              onFollow={(e) => {
                e.preventDefault();
                const key = new URLSearchParams(e.detail.href.replace(/^\?/, '')).get('section');
                if (key) setParams({ section: key });
              }}
            />
          </nav>
          {selected && <SectionView key={selected.sectionKey} section={selected} slots={slots} />}
        </div>
      )}
    </ContentLayout>
  );
}
