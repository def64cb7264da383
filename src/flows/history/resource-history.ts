// The history of a resource the console created at a bank and follows there (a payment, a consent): besides its own
// members, every entry keeps when it was created, the statuses this browser saw, and what the creation's answer said
// (`_links`, ASPSP-SCA-Approach, psuMessage). The store notes a status the bank reports under the entry's status
// member (transactionStatus, consentStatus) and adds it to the timeline when it changed.
import {
  browserStorage,
  createHistory,
  linkMapReader,
  useHistoryEntry,
  useHistoryList,
  type HistoryOptions,
  type KeyValueStorage,
} from './history-store';
import { number, optional, string, withDefault } from './read';
import { observeStatus, statusTimeline, type StatusCause, type StatusObservation } from './status-timeline';
import type { LinkMap } from '../../api';

/** The members every created resource's entry keeps, for its reader; anything else in storage is dropped. */
export const createdResourceMembers = {
  /** Epoch ms. */
  createdAt: number,
  /** The statuses this browser saw, in order. */
  statuses: statusTimeline,
  /** `_links` of the creation's 201 answer. */
  links: withDefault(linkMapReader, {}),
  /** ASPSP-SCA-Approach of the 201 answer. */
  scaApproach: optional(string),
  psuMessage: optional(string),
};

export interface CreatedResourceMembers {
  createdAt: number;
  statuses: StatusObservation[];
  links: LinkMap;
  scaApproach?: string | undefined;
  psuMessage?: string | undefined;
}

/** What the creation's answer gave, as the new entry keeps it. */
export interface CreationAnswer {
  links: LinkMap;
  scaApproach?: string;
  psuMessage?: string;
}

/** The shared members of the entry for a resource the bank just created in `status`. */
export function createdMembers(status: string, answer: CreationAnswer, now: number): CreatedResourceMembers {
  const { links, scaApproach, psuMessage } = answer;
  return {
    createdAt: now,
    statuses: [{ status, at: now }],
    links,
    ...(scaApproach && { scaApproach }),
    ...(psuMessage && { psuMessage }),
  };
}

/** Entries kept per profile unless told otherwise: enough for a long demo session; the oldest go first. */
export const RESOURCE_HISTORY_LIMIT = 200;

export interface ResourceHistoryOptions<T, Ref, Key extends string> extends Omit<HistoryOptions<T, Ref>, 'limit'> {
  /** The member that keeps the last status seen ("transactionStatus", "consentStatus"). */
  statusMember: Key;
  limit?: number;
  /** The resource's own members of a new entry, from its reference and the body sent to create it. */
  fromCreation: (ref: Ref, body: Record<string, unknown>) => Omit<T, keyof CreatedResourceMembers | Key>;
}

/** A resource history in `storage` (the browser's localStorage unless given). */
export function createResourceHistory<
  T extends CreatedResourceMembers & { [member in Key]?: string | undefined },
  Ref,
  Key extends string,
>(
  { statusMember, limit = RESOURCE_HISTORY_LIMIT, fromCreation, ...options }: ResourceHistoryOptions<T, Ref, Key>,
  storage: () => KeyValueStorage | undefined = browserStorage,
) {
  const history = createHistory<T, Ref>(storage, { ...options, limit });
  return {
    ...history,

    /** The profile's entries, newest first, kept current. */
    useList: (profileId: string): T[] => useHistoryList(history, profileId),

    /** The entry `ref` names, kept current; `ref` must keep its identity while it names the same entry. */
    useEntry: (profileId: string, ref: Ref): T | undefined => useHistoryEntry(history, profileId, ref),

    /** Adds the entry for a resource the bank just created in `answer.status`, from the body sent and the answer. */
    addCreated: (
      profileId: string,
      ref: Ref,
      body: Record<string, unknown>,
      answer: CreationAnswer & { status: string },
      now = Date.now(),
    ) => {
      const entry = { ...fromCreation(ref, body), ...createdMembers(answer.status, answer, now) };
      history.add(profileId, { ...entry, [statusMember]: answer.status } as unknown as T);
    },

    /**
     * Notes a status the bank reported; only a change from the last one observed adds to the timeline, with its cause
     * when one is known (the signing basket whose authorisation moved it).
     */
    recordStatus: (profileId: string, ref: Ref, status: string, at = Date.now(), cause?: StatusCause) => {
      history.update(profileId, ref, (entry) => {
        const statuses = observeStatus(entry.statuses, status, at, cause);
        if (statuses === entry.statuses && entry[statusMember] === status) return entry;
        return { ...entry, [statusMember]: status, statuses };
      });
    },
  };
}
