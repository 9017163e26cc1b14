/** Routes and the page frame shared by every screen. */
import { Link, Route, Routes } from "react-router";
import { Header } from "./components/Header";
import { PolicyProvider } from "./components/PolicyContext";
import { ExplorerScreen } from "./explorer/ExplorerScreen";
import { RadarScreen } from "./radar/RadarScreen";
import { ChangeReviewScreen, StoredReviewScreen } from "./review/ChangeReviewScreen";
import { AskScreen } from "./screens/AskScreen";
import { DocumentScreen } from "./screens/DocumentScreen";
import { HistoryAnswerScreen, HistoryScreen } from "./screens/HistoryScreen";
import { ObservatoryScreen } from "./screens/ObservatoryScreen";
import { PolicyScreen } from "./screens/PolicyScreen";

function NotFoundScreen() {
  return (
    <div className="screen">
      <h1>No such page</h1>
      <p><Link to="/">Go to Ask</Link></p>
    </div>
  );
}

export function App() {
  return (
    <PolicyProvider>
      <a href="#main" className="skip-link">Skip to content</a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Routes>
          <Route path="/" element={<AskScreen />} />
          <Route path="/radar" element={<RadarScreen />} />
          <Route path="/change-reviews" element={<ChangeReviewScreen />} />
          <Route path="/change-reviews/:id" element={<StoredReviewScreen />} />
          <Route path="/explorer" element={<ExplorerScreen />} />
          <Route path="/documents/:id" element={<DocumentScreen />} />
          <Route path="/history" element={<HistoryScreen />} />
          <Route path="/history/:id" element={<HistoryAnswerScreen />} />
          <Route path="/observatory" element={<ObservatoryScreen />} />
          <Route path="/policy" element={<PolicyScreen />} />
          <Route path="*" element={<NotFoundScreen />} />
        </Routes>
      </main>
    </PolicyProvider>
  );
}
