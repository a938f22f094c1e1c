import './class-marker.css';

/** The "Class" marker that sets a group class's meeting apart from the sessions around it. */
export function ClassMarker() {
  return <span className="class-marker">Class</span>;
}
