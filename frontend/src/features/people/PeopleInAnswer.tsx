/**
 * The people an answer names, each a link to their People page. Ambiguous answers list their candidates with
 * types; a path's hops name entities only, so each name on a path is looked up once per page (GET /api/entities)
 * and kept when it is a person. A failed look-up shows no link: these links are a way in, not part of the answer.
 */
import { Link } from "react-router";
import { api, unwrap } from "../../api/client";
import type { Answer } from "../../api/types";
import { peopleHref, peopleSearchHref } from "../../shared/links";
import { useApi } from "../../shared/useApi";

const MAX_NAMES = 12;

interface PersonLink {
  name: string;
  href: string;
}

const looked = new Map<string, Promise<PersonLink | null>>();

function lookUp(name: string): Promise<PersonLink | null> {
  let found = looked.get(name);
  if (!found) {
    found = unwrap(api.GET("/api/entities", { params: { query: { q: name } } })).then((res) => {
      const people = res.candidates.filter((c) => c.type === "Person" && c.name.toLowerCase() === name.toLowerCase());
      if (people.length === 1 && people[0]) return { name: people[0].name, href: peopleHref(people[0].id) };
      if (people.length > 1) return { name, href: peopleSearchHref(name) };
      return null;
    }, () => {
      looked.delete(name); // not remembered: the next answer may look again
      return null;
    });
    looked.set(name, found);
  }
  return found;
}

export function namesOnPaths(answer: Pick<Answer, "paths">): string[] {
  const names = new Set<string>();
  for (const p of answer.paths ?? []) for (const h of p.hops) names.add(h.source).add(h.target);
  return [...names].slice(0, MAX_NAMES);
}

export function PeopleInAnswer({ answer }: { answer: Answer }) {
  const candidates: PersonLink[] = (answer.candidates ?? []).filter((c) => c.type === "Person")
    .map((c) => ({ name: c.name, href: peopleHref(c.entity_id) }));
  const names = namesOnPaths(answer);
  const [found] = useApi(names.length ? async () => (await Promise.all(names.map(lookUp)))
    .filter((x): x is PersonLink => x !== null) : null, [names.join("\n")]);
  const links = [...new Map([...candidates, ...(found.state === "ok" ? found.data : [])].map((l) => [l.href, l])).values()];
  if (links.length === 0) return null;
  return (
    <p className="people-in-answer" data-testid="people-in-answer">
      People in this answer:{" "}
      {links.map((l, i) => (
        <span key={l.href}>{i > 0 && ", "}<Link to={l.href} aria-label={`Open ${l.name} in People`}>{l.name}</Link></span>
      ))}
    </p>
  );
}
