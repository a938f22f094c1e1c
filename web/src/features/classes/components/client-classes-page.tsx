import './classes.css';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  CLASS_OFFER_TEXTS,
  CLASS_TEXTS,
  type ClassView,
  classCardAnchor,
  ENROLMENT_STATUS_LABELS,
  type EnrolmentView,
  seatCostText,
  seatsLine,
} from '#shared/contracts/class-options';
import type { Dog } from '#shared/contracts/client-options';
import { formatDollars } from '#shared/domain/pricing';
import { ConfirmModal } from '../../../components/portal/confirm-modal';
import { RouterLink, useFollow } from '../../../components/portal/router-link';
import { Seo } from '../../../components/seo';
import { zoneLongName } from '../../../lib/business-zone';
import { Markdown } from '../../../lib/markdown';
import { payForClassHref } from '../../../lib/portal-links';
import { useToasts } from '../../../lib/toasts';
import { useAcceptOffer, useCancelEnrolment, useClasses, useEnrol, useMyDogsForClasses } from '../api/classes';
import {
  enrolmentText,
  formatMeetingRange,
  formatOfferDeadline,
  LOAD_CLASSES_FAILED,
  meetingsSummary,
  whereLabel,
} from './class-format';
import { MeetingNotes } from './meeting-notes';

interface Outcome {
  type: 'success' | 'error';
  text: string;
  warning?: string;
}

const dollars = (price: number) => formatDollars(Math.round(price * 100));

/**
 * A priced class's seat paid at checkout (docs/decisions/0076-paying-for-a-class.md): the payment screen
 * sells the class for this dog; once paid, the seat (or the seat offered) is the dog's.
 */
function PayButton({ item, dog, label }: { item: ClassView; dog?: Pick<Dog, 'id' | 'name'>; label: string }) {
  const follow = useFollow();
  return (
    <Button
      href={dog ? payForClassHref(item.id, dog.id) : undefined}
      onFollow={follow}
      disabled={!dog}
      ariaLabel={`${label}${dog ? ` for ${dog.name}` : ''} in ${item.title}`}
    >
      {label}
    </Button>
  );
}

/** Enrol: one of the client's dogs not yet in the class (a choice when there are several). */
function EnrolControls({ item, dogs, taken }: { item: ClassView; dogs: Dog[]; taken: Set<string> }) {
  const enrol = useEnrol();
  const free = dogs.filter((d) => !taken.has(d.id));
  const [dogId, setDogId] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const chosen = free.find((d) => d.id === dogId) ?? (free.length === 1 ? free[0] : undefined);

  const run = () => {
    if (!chosen) return;
    setOutcome(undefined);
    enrol.mutate(
      { classId: item.id, dogId: chosen.id },
      {
        onSuccess: (r) => setOutcome({ type: 'success', text: enrolmentText(r.enrolment), warning: r.warning }),
        onError: (e) => setOutcome({ type: 'error', text: e.message || CLASS_TEXTS.enrolFailed }),
      },
    );
  };

  return (
    <SpaceBetween size="s">
      {outcome && (
        <Alert type={outcome.type} header={outcome.text} dismissible onDismiss={() => setOutcome(undefined)}>
          {outcome.warning}
        </Alert>
      )}
      {free.length > 1 && (
        <FormField label="Dog">
          <Select
            selectedOption={chosen ? { value: chosen.id, label: chosen.name } : null}
            options={free.map((d) => ({ value: d.id, label: d.name }))}
            onChange={({ detail }) => setDogId(detail.selectedOption.value)}
            placeholder="Choose a dog"
            ariaLabel={`Dog to enrol in ${item.title}`}
            disabled={enrol.isPending}
          />
        </FormField>
      )}
      {free.length > 0 && (
        <SpaceBetween size="xs" direction="horizontal">
          <Button
            variant="primary"
            ariaLabel={`Enrol${item.price ? ' with credits for' : ''}${chosen ? ` ${chosen.name}` : ''} in ${item.title}`}
            loading={enrol.isPending}
            disabled={!chosen}
            onClick={run}
          >
            {item.price ? 'Enrol with credits' : 'Enrol'}
          </Button>
          {item.price && <PayButton item={item} dog={chosen} label={`Pay ${dollars(item.price)}`} />}
        </SpaceBetween>
      )}
    </SpaceBetween>
  );
}

/** A seat held for the client's dog: take it (the class's credits are held) or decline it (it passes on). */
function OfferControls({ e, item }: { e: EnrolmentView; item: ClassView }) {
  const { notify } = useToasts();
  const accept = useAcceptOffer();
  const decline = useCancelEnrolment();
  const busy = accept.isPending || decline.isPending;
  return (
    <SpaceBetween size="xs" direction="horizontal" alignItems="center">
      <b>{CLASS_OFFER_TEXTS.seatIsYours(formatOfferDeadline(e.offerExpiresAt))}</b>
      <Button
        variant="primary"
        ariaLabel={`Take the seat${item.price ? ' with credits' : ''} for ${e.dogName} in ${item.title}`}
        loading={accept.isPending}
        disabled={busy}
        onClick={() =>
          accept.mutate(e.id, {
            onSuccess: () => notify({ type: 'success', content: `${e.dogName} is enrolled in ${item.title}` }),
            onError: (err) => notify({ type: 'error', content: err.message || CLASS_TEXTS.enrolFailed }),
          })
        }
      >
        {item.price ? 'Take the seat with credits' : 'Take the seat'}
      </Button>
      {item.price && (
        <PayButton item={item} dog={{ id: e.dogId, name: e.dogName }} label={`Pay ${dollars(item.price)}`} />
      )}
      <Button
        ariaLabel={`Decline the seat for ${e.dogName} in ${item.title}`}
        loading={decline.isPending}
        disabled={busy}
        onClick={() =>
          decline.mutate(e.id, {
            onSuccess: () => notify({ type: 'success', content: `The seat in ${item.title} is declined` }),
            onError: (err) => notify({ type: 'error', content: err.message || 'Failed to decline the seat' }),
          })
        }
      >
        Decline
      </Button>
    </SpaceBetween>
  );
}

function ClassCard({
  item,
  enrolments,
  dogs,
  onCancel,
  linked,
}: {
  item: ClassView;
  enrolments: EnrolmentView[];
  dogs: Dog[];
  onCancel: (e: EnrolmentView) => void;
  /** The card the address names (`#class-<id>`, the public page's Enrol): scrolled to and marked. */
  linked: boolean;
}) {
  const taken = new Set(enrolments.map((e) => e.dogId));
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (linked) ref.current?.scrollIntoView?.({ block: 'start' });
  }, [linked]);
  return (
    <li
      aria-label={item.title}
      id={classCardAnchor(item.id)}
      ref={ref}
      className={linked ? 'class-card--linked' : undefined}
    >
      <Container header={<Header variant="h2">{item.title}</Header>}>
        <SpaceBetween size="s">
          <ul className="class-card__facts">
            <li>{meetingsSummary(item)}</li>
            <li>{whereLabel(item)}</li>
            <li>{seatCostText(item)}</li>
            <li>
              <b>{seatsLine(item)}</b>
            </li>
            {item.meetings
              .filter((m) => m.cancelled)
              .map((m) => (
                <li key={m.id}>
                  Cancelled: {formatMeetingRange(m)}. {m.cancelled?.reason}
                </li>
              ))}
          </ul>
          {item.description && <Markdown className="class-card__description" content={item.description} />}
          {enrolments.length > 0 && (
            <ul className="class-card__enrolments" aria-label={`Your enrolments in ${item.title}`}>
              {enrolments.map((e) => (
                <li key={e.id} className="class-card__enrolment">
                  <span>
                    <b>{e.dogName}</b>{' '}
                    <Badge color={e.status === 'enrolled' ? 'green' : e.status === 'offered' ? 'red' : 'blue'}>
                      {ENROLMENT_STATUS_LABELS[e.status]}
                    </Badge>
                    {e.status === 'waitlisted' && e.position ? ` place ${e.position}` : ''}
                  </span>
                  {e.status === 'offered' ? (
                    <OfferControls e={e} item={item} />
                  ) : (
                    <Button
                      ariaLabel={`Cancel the enrolment of ${e.dogName} in ${item.title}`}
                      onClick={() => onCancel(e)}
                    >
                      Cancel enrolment
                    </Button>
                  )}
                  <MeetingNotes enrolment={e} />
                </li>
              ))}
            </ul>
          )}
          <EnrolControls item={item} dogs={dogs} taken={taken} />
        </SpaceBetween>
      </Container>
    </li>
  );
}

/**
 * /dashboard/classes (client): the published classes still to come, as cards (schedule, place, credits,
 * seats, the description); enrol one of the client's dogs (a seat, or the waitlist when full), cancel
 * an enrolment, and take or decline a seat offered from the waitlist. Built for a phone first: one column of cards below 300 px of room per card.
 */
export function ClientClassesPage() {
  const { notify } = useToasts();
  const { hash } = useLocation();
  const classes = useClasses();
  const dogs = useMyDogsForClasses();
  const cancel = useCancelEnrolment();
  const [cancelling, setCancelling] = useState<EnrolmentView>();

  const onCancel = (e: EnrolmentView) =>
    cancel.mutate(e.id, {
      onSuccess: () => notify({ type: 'success', content: `${e.dogName}'s enrolment is cancelled` }),
      onError: (err) => notify({ type: 'error', content: err.message || 'Failed to cancel the enrolment' }),
      onSettled: () => setCancelling(undefined),
    });

  const items = classes.data?.classes ?? [];
  const enrolments = (classes.data?.enrolments ?? []).filter((e) => e.status !== 'cancelled');
  const myDogs = dogs.data?.items ?? [];

  let content: ReactNode;
  if (classes.isPending) content = <StatusIndicator type="loading">Loading classes</StatusIndicator>;
  else if (classes.isError)
    content = (
      <Alert
        type="error"
        header={LOAD_CLASSES_FAILED}
        action={<Button onClick={() => void classes.refetch()}>Retry</Button>}
      >
        {classes.error.message}
      </Alert>
    );
  else if (items.length === 0)
    content = (
      <Box textAlign="center" color="text-body-secondary" padding="l">
        No classes are open for enrolment right now. Check back soon.
      </Box>
    );
  else
    content = (
      <ul className="class-cards" aria-label="Classes">
        {items.map((c) => (
          <ClassCard
            key={c.id}
            item={c}
            enrolments={enrolments.filter((e) => e.classId === c.id)}
            dogs={myDogs}
            onCancel={setCancelling}
            linked={hash === `#${classCardAnchor(c.id)}`}
          />
        ))}
      </ul>
    );

  return (
    <ContentLayout
      header={
        <SpaceBetween size="xs">
          <RouterLink href="/dashboard">Back to Dashboard</RouterLink>
          <Header variant="h1" description={`Group classes you can enrol your dog in. Times are in ${zoneLongName()}.`}>
            Classes
          </Header>
        </SpaceBetween>
      }
    >
      <Seo title="Classes | Pawsitive Portal" description="Group classes" robots="noindex, nofollow" />
      <SpaceBetween size="l">
        {dogs.isSuccess && myDogs.length === 0 && items.length > 0 && (
          <Alert type="info">Your profile has no dog yet: a class needs one of your dogs to enrol.</Alert>
        )}
        {content}
      </SpaceBetween>
      {cancelling && (
        <ConfirmModal
          header="Cancel Enrolment"
          confirmLabel="Cancel enrolment"
          dismissLabel="Keep it"
          busy={cancel.isPending}
          onCancel={() => setCancelling(undefined)}
          onConfirm={() => onCancel(cancelling)}
        >
          Cancel the enrolment of <b>{cancelling.dogName}</b> in <b>{cancelling.classTitle}</b>?
        </ConfirmModal>
      )}
    </ContentLayout>
  );
}
