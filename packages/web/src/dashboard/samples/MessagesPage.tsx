// Static sample page: hard-coded content, no calls. Sending only says, under the message field,
// that messaging is not available (a native alert blocked the tab); what was typed stays, since nothing was sent.

import { Button, SampleRibbon } from '@posture-vision/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { type Notice, SectionNotice } from '../settings/SectionNotice';

interface Conversation {
  id: number;
  name: string;
  preview: string;
  unread: number;
  timestamp: string;
}

interface Message {
  id: number;
  sender: string;
  text: string;
  timestamp: string;
  isOwn: boolean;
}

const CONVERSATIONS: Conversation[] = [
  {
    id: 1,
    name: 'Dr. Sarah Johnson',
    preview: 'How are the exercises going?',
    unread: 2,
    timestamp: '10:30 AM',
  },
  {
    id: 2,
    name: 'Posture Vision Support',
    preview: 'Your ticket has been resolved.',
    unread: 0,
    timestamp: 'Yesterday',
  },
  { id: 3, name: 'Product Updates', preview: 'New: weekly posture reports', unread: 1, timestamp: 'Mon' },
];

const MESSAGES: Record<number, Message[]> = {
  1: [
    {
      id: 1,
      sender: 'Dr. Sarah Johnson',
      text: 'Hi! I reviewed your latest analysis.',
      timestamp: '10:25 AM',
      isOwn: false,
    },
    { id: 2, sender: 'You', text: 'Thanks! The chin tucks are helping.', timestamp: '10:28 AM', isOwn: true },
    {
      id: 3,
      sender: 'Dr. Sarah Johnson',
      text: 'How are the exercises going?',
      timestamp: '10:30 AM',
      isOwn: false,
    },
  ],
  2: [
    { id: 1, sender: 'You', text: 'My calibration will not start.', timestamp: 'Yesterday', isOwn: true },
    {
      id: 2,
      sender: 'Posture Vision Support',
      text: 'Your ticket has been resolved.',
      timestamp: 'Yesterday',
      isOwn: false,
    },
  ],
  3: [
    { id: 1, sender: 'Product Updates', text: 'New: weekly posture reports', timestamp: 'Mon', isOwn: false },
  ],
};

/** The messages layout toggles between list and chat at 768 px or less. */
export const MESSAGES_MOBILE_BREAKPOINT = 768;

function useIsMobile(): boolean {
  const query = `(max-width: ${MESSAGES_MOBILE_BREAKPOINT}px)`;
  const [mobile, setMobile] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMobile(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return mobile;
}

export default function MessagesPage() {
  const [activeId, setActiveId] = useState(1);
  const [showChat, setShowChat] = useState(false);
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const mobile = useIsMobile();
  const active = CONVERSATIONS.find((c) => c.id === activeId) ?? CONVERSATIONS[0];

  function send(event: FormEvent) {
    event.preventDefault();
    if (!draft.trim()) return;
    setNotice({ tone: 'info', text: 'Messaging is not available in this preview.' });
  }

  const listVisible = !mobile || !showChat;
  const chatVisible = !mobile || showChat;
  return (
    <div className="pv-sample-page pv-messages">
      <h1>Messages</h1>
      <SampleRibbon />
      <div className="pv-messages-layout">
        {listVisible && (
          <ul className="pv-card pv-conversations">
            {CONVERSATIONS.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={c.id === activeId ? 'active' : undefined}
                  onClick={() => {
                    setActiveId(c.id);
                    setShowChat(true);
                    setNotice(null);
                  }}
                >
                  <strong>{c.name}</strong>
                  {c.unread > 0 && <span className="pv-unread">{c.unread}</span>}
                  <small>{c.preview}</small>
                  <small className="pv-muted">{c.timestamp}</small>
                </button>
              </li>
            ))}
          </ul>
        )}
        {chatVisible && active && (
          <section className="pv-card pv-chat">
            {mobile && <Button onClick={() => setShowChat(false)}>← Conversations</Button>}
            <h2>{active.name}</h2>
            <div className="pv-chat-messages">
              {(MESSAGES[active.id] ?? []).map((m) => (
                <div key={m.id} className={m.isOwn ? 'pv-bubble own' : 'pv-bubble'}>
                  <p>{m.text}</p>
                  <small>{m.timestamp}</small>
                </div>
              ))}
            </div>
            <form className="pv-chat-form" onSubmit={send}>
              <input
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                placeholder="Type a message..."
              />
              <Button type="submit" variant="primary" disabled={!draft.trim()}>
                Send
              </Button>
            </form>
            <SectionNotice notice={notice} testId="messages-send-message" foot />
          </section>
        )}
      </div>
    </div>
  );
}
