/** Routes and the page frame shared by every screen (header, the health banner, the conversation). */
import { Link, Navigate, Route, Routes, useParams } from "react-router";
import { AnswerPage } from "./features/ask/AnswerPage";
import { AskScreen } from "./features/ask/AskScreen";
import { ConversationProvider } from "./features/ask/conversation";
import { DocumentScreen } from "./features/documents/DocumentScreen";
import { DocumentsScreen } from "./features/documents/DocumentsScreen";
import { ExplorerScreen } from "./features/explorer/ExplorerScreen";
import { HistoryScreen } from "./features/history/HistoryScreen";
import { IngestScreen } from "./features/ingest/IngestScreen";
import { ObservatoryScreen } from "./features/observatory/ObservatoryScreen";
import { PeopleScreen } from "./features/people/PeopleScreen";
import { PolicyScreen } from "./features/policy/PolicyScreen";
import { RadarScreen } from "./features/radar/RadarScreen";
import { ChangeReviewScreen, StoredReviewScreen } from "./features/review/ChangeReviewScreen";
import { Header } from "./shared/Header";
import { HealthBanner, HealthProvider } from "./shared/health";
import { PolicyProvider } from "./shared/PolicyContext";

function NotFoundScreen() {
  return (
    <div className="screen">
      <h1>No such page</h1>
      <p><Link to="/">Go to Ask</Link></p>
    </div>
  );
}

/** Old answer links (/history/:id) keep working. */
function OldAnswerLink() {
  const { id = "" } = useParams();
  return <Navigate to={`/answers/${encodeURIComponent(id)}`} replace />;
}

export function App() {
  return (
    <HealthProvider>
      <PolicyProvider>
        <ConversationProvider>
          <a href="#main" className="skip-link">Skip to content</a>
          <Header />
          <HealthBanner />
          <main id="main" tabIndex={-1}>
            <Routes>
              <Route path="/" element={<AskScreen />} />
              <Route path="/answers/:id" element={<AnswerPage />} />
              <Route path="/radar" element={<RadarScreen />} />
              <Route path="/change-reviews" element={<ChangeReviewScreen />} />
              <Route path="/change-reviews/:id" element={<StoredReviewScreen />} />
              <Route path="/explorer" element={<ExplorerScreen />} />
              <Route path="/people" element={<PeopleScreen />} />
              <Route path="/people/:personId" element={<PeopleScreen />} />
              <Route path="/documents" element={<DocumentsScreen />} />
              <Route path="/documents/:id" element={<DocumentScreen />} />
              <Route path="/ingest" element={<IngestScreen />} />
              <Route path="/history" element={<HistoryScreen />} />
              <Route path="/history/:id" element={<OldAnswerLink />} />
              <Route path="/observatory" element={<ObservatoryScreen />} />
              <Route path="/policy" element={<PolicyScreen />} />
              <Route path="*" element={<NotFoundScreen />} />
            </Routes>
          </main>
        </ConversationProvider>
      </PolicyProvider>
    </HealthProvider>
  );
}
