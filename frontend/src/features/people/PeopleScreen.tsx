/**
 * People: find a person by name (several people with that name are listed to pick from, by id), then their card,
 * "what if they leave" at depth 1..3 and a hand-off plan; "who should I ask about X?" and the key people on the
 * screen's first page. Person and depth live in the URL (`/people/:personId?depth=2`), the name searched for and
 * the topic asked about too (`/people?q=…&about=…`). "Person not found", "graph unavailable" and "no open work"
 * are three different screens.
 */
import { useEffect, useState, type FormEvent } from "react";
import { Navigate, useNavigate, useParams, useSearchParams } from "react-router";
import { api, ApiError, unwrap } from "../../api/client";
import { CandidateList } from "../../shared/CandidateList";
import { ErrorNotice, Loading } from "../../shared/ErrorNotice";
import { peopleHref, peopleSearchHref } from "../../shared/links";
import { useApi } from "../../shared/useApi";
import { DeparturePanel, DepthSwitch } from "./DeparturePanel";
import { ExpertsPanel } from "./ExpertsPanel";
import { HandoffPanel } from "./HandoffPanel";
import { KeyPeople } from "./KeyPeople";
import { candidateKindFor, personCandidate } from "./peopleWords";
import { PersonCardView } from "./PersonCardView";
import type { DepartureOut } from "./types";
import "./people.css";

export const DEFAULT_DEPTH = 2;

function depthOf(raw: string | null): number {
  return Math.min(3, Math.max(1, Number(raw ?? DEFAULT_DEPTH) || DEFAULT_DEPTH));
}

function SearchForm({ initial = "" }: { initial?: string }) {
  const navigate = useNavigate();
  const [input, setInput] = useState(initial);
  useEffect(() => setInput(initial), [initial]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (input.trim()) navigate(peopleSearchHref(input.trim()));
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label="Find a person" role="search">
      <label htmlFor="people-name">Person</label>
      <input id="people-name" className="input" value={input} onChange={(e) => setInput(e.target.value)}
        placeholder="e.g. a name from a ticket's assignee" autoComplete="off" />
      <button type="submit" className="btn btn-primary" disabled={!input.trim()}>Find</button>
    </form>
  );
}

/** A name searched for: one person opens their page; several are listed; otherwise say which case it is. */
export function NameResult({ result, depth }: { result: DepartureOut; depth: number }) {
  const navigate = useNavigate();
  if (result.person && (result.outcome === "found" || result.outcome === "no_open_work" || result.outcome === "not_in_graph")) {
    return <Navigate to={peopleHref(result.person.id, depth)} replace />;
  }
  if (result.outcome === "ambiguous") {
    const candidates = (result.candidates ?? []);
    return (
      <div className="notice notice-which_one" role="alert" data-testid="people-ambiguous">
        <CandidateList kind={candidateKindFor(result.query, candidates)} name={result.query}
          candidates={candidates.map(personCandidate)} action="Open"
          onPick={(c) => navigate(peopleHref(c.id, depth))} />
      </div>
    );
  }
  if (result.outcome === "not_a_person") {
    return (
      <div className="notice notice-muted" role="alert" data-testid="not-a-person">
        <strong className="notice-title">Not a person</strong>
        <p>“{result.query}” names something in the documents, but not a person.</p>
      </div>
    );
  }
  return (
    <div className="notice notice-unknown" role="alert" data-testid="person-unknown">
      <strong className="notice-title">No such person</strong>
      <p>No person named like “{result.query}” is in the documents. Check the spelling, or try the family name.</p>
    </div>
  );
}

function PeopleHome() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const about = params.get("about") ?? "";
  const depth = depthOf(params.get("depth"));
  const [found, reload] = useApi(q ? (signal) => unwrap(api.GET("/api/people/departure",
    { params: { query: { person: q, depth: 1 } }, signal })) : null, [q]);
  const setAbout = (a: string) => {
    const next = new URLSearchParams(params);
    next.set("about", a);
    setParams(next);
  };
  return (
    <div className="screen people-screen">
      <h1>People</h1>
      <p className="lede">What is left behind if someone leaves, who knows what, and who to ask: every line with the
        sources it rests on.</p>
      <SearchForm initial={q} />
      {found.state === "loading" && <Loading what="people with that name" />}
      {found.state === "error" && <ErrorNotice error={found.error} onRetry={reload} />}
      {found.state === "ok" && <NameResult result={found.data} depth={depth} />}
      <ExpertsPanel about={about} onAbout={setAbout} />
      <KeyPeople />
    </div>
  );
}

function NotFound() {
  return (
    <div className="notice notice-unknown" role="alert" data-testid="person-not-found">
      <strong className="notice-title">Person not found</strong>
      <p>No person with this id is in the graph (the link may be from before a re-ingest). Search by name instead.</p>
    </div>
  );
}

const isNotFound = (e: unknown) => e instanceof ApiError && e.notFound;

function PersonPage({ personId }: { personId: string }) {
  const [params, setParams] = useSearchParams();
  const depth = depthOf(params.get("depth"));
  const [version, setVersion] = useState(0);
  const [card, reloadCard] = useApi((signal) => unwrap(api.GET("/api/people/{person_id}",
    { params: { path: { person_id: personId } }, signal })), [personId]);
  const [departure, reloadDeparture] = useApi((signal) => unwrap(api.GET("/api/people/departure",
    { params: { query: { person_id: personId, depth } }, signal })), [personId, depth]);
  const setDepth = (d: number) => {
    const next = new URLSearchParams(params);
    next.set("depth", String(d));
    setParams(next);
  };
  const approved = () => {
    reloadDeparture();
    reloadCard();
    setVersion((v) => v + 1);
  };
  const name = card.state === "ok" ? card.data.name
    : departure.state === "ok" ? departure.data.person?.name ?? departure.data.query : "";
  const gone = card.state === "error" && isNotFound(card.error) && departure.state === "error" && isNotFound(departure.error);
  return (
    <div className="screen people-screen">
      <h1>People{name ? `: ${name}` : ""}</h1>
      <SearchForm />
      {gone ? <NotFound /> : (
        <>
          {card.state === "loading" && <Loading what="their card" />}
          {card.state === "error" && !isNotFound(card.error) && <ErrorNotice error={card.error} onRetry={reloadCard} />}
          {card.state === "ok" && <PersonCardView card={card.data} />}
          <section className="leaves panel" aria-label="What if they leave">
            <h2>What if {name || "they"} leave{name ? "s" : ""}</h2>
            <DepthSwitch depth={depth} onDepth={setDepth} />
            {departure.state === "loading" && <Loading what="what they leave behind" />}
            {departure.state === "error" && (isNotFound(departure.error) ? (
              <div className="notice notice-not_in_graph" role="status" data-testid="departure-not-in-graph">
                <strong className="notice-title">Nothing recorded</strong>
                <p>{name || "This person"} is named on documents' metadata only: no work of theirs is in the graph.</p>
              </div>
            ) : <ErrorNotice error={departure.error} onRetry={reloadDeparture} />)}
            {departure.state === "ok" && <DeparturePanel key={depth} departure={departure.data} />}
          </section>
          {departure.state === "ok" && departure.data.person && (
            <HandoffPanel personId={departure.data.person.id} name={departure.data.person.name} version={version}
              onApproved={approved} />
          )}
        </>
      )}
    </div>
  );
}

export function PeopleScreen() {
  const { personId } = useParams();
  return personId ? <PersonPage key={personId} personId={personId} /> : <PeopleHome />;
}
