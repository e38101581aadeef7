// Static sample page: hard-coded content, no calls. Watch Video Guide only says, in the exercise's
// card, that the guide is to come (a native alert blocked the tab).
import { Button, SampleRibbon } from '@posture-vision/ui';
import { useState } from 'react';
import { SectionNotice } from '../settings/SectionNotice';

interface Exercise {
  id: number;
  name: string;
  sets: number;
  reps: number | null;
  duration: string | null;
  description: string;
  videoUrl: string;
}

const EXERCISES: Exercise[] = [
  {
    id: 1,
    name: 'Chin Tucks',
    sets: 3,
    reps: 10,
    duration: null,
    description: 'Draw your chin straight back, hold for 5 seconds, release.',
    videoUrl: '#chin-tucks',
  },
  {
    id: 2,
    name: 'Wall Angels',
    sets: 3,
    reps: 12,
    duration: null,
    description: 'With your back flat against a wall, slide your arms up and down.',
    videoUrl: '#wall-angels',
  },
  {
    id: 3,
    name: 'Doorway Chest Stretch',
    sets: 2,
    reps: null,
    duration: '30 seconds',
    description: 'Place your forearms on a door frame and lean forward gently.',
    videoUrl: '#chest-stretch',
  },
  {
    id: 4,
    name: 'Thoracic Extension',
    sets: 2,
    reps: 8,
    duration: null,
    description: 'Lie on a foam roller across your upper back and extend over it.',
    videoUrl: '#thoracic-extension',
  },
];

export default function ExercisePlanPage() {
  // The exercise whose guide was asked for last: one message at a time.
  const [asked, setAsked] = useState<number | null>(null);
  return (
    <div className="pv-sample-page">
      <h1>Exercise Plan</h1>
      <SampleRibbon />
      <section className="pv-card">
        <h2>Focus Area</h2>
        <p>Forward head posture and rounded shoulders</p>
      </section>
      <div className="pv-exercise-grid">
        {EXERCISES.map((exercise) => (
          <section key={exercise.id} className="pv-card">
            <h3>{exercise.name}</h3>
            <p>
              {exercise.sets} sets × {exercise.reps !== null ? `${exercise.reps} reps` : exercise.duration}
            </p>
            <p className="pv-muted">{exercise.description}</p>
            <Button onClick={() => setAsked(exercise.id)}>Watch Video Guide</Button>
            <SectionNotice
              notice={
                asked === exercise.id
                  ? { tone: 'info', text: `Video guide for ${exercise.name} coming soon.` }
                  : null
              }
              testId={`exercise-${exercise.id}-message`}
              foot
            />
          </section>
        ))}
      </div>
      <section className="pv-card">
        <h2>Specialist Notes</h2>
        <p>
          Perform these exercises 3-4 times a week. Stop any exercise that causes pain and let your
          specialist, Dr. Sarah Johnson, know at your next appointment.
        </p>
      </section>
    </div>
  );
}
