import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { getSecureAddress } from '../../../contracts/scan-codes';
import { callApi } from '../../lib/api';
import { createFrameDecoder } from './frame-decoder';
import { SecureTwin } from './secure-twin';

type CameraState = 'starting' | 'live' | 'off' | 'denied' | 'unavailable';

// A frame every 200 ms finds a steady label within a fraction of a second without heating
// the phone; the same text again within 2.5 s is the same label still in view.
const FRAME_INTERVAL_MS = 200;
const REPEAT_AFTER_MS = 2500;

interface TorchCapabilities extends MediaTrackCapabilities {
  torch?: boolean;
}

const messages: Record<Exclude<CameraState, 'live'>, string> = {
  starting: 'Starting the camera…',
  off: 'The camera is off.',
  denied: 'The camera is blocked for this site. Allow it in the browser settings, or type below.',
  unavailable:
    'No camera can be used here (it needs a camera and a secure https address). Type the number or code below.',
};

/**
 * On a plain-http page (the LAN address) browsers refuse the camera outright. When the server
 * also listens over HTTPS (unless HTTPS_PORT=off), this page's secure twin, where it works.
 */
function useSecureTwin(isUnavailable: boolean): string | null {
  const insecure = isUnavailable && !window.isSecureContext;
  const { data } = useQuery({
    queryKey: ['secure-address'],
    queryFn: () => callApi(getSecureAddress),
    enabled: insecure,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!insecure || !data?.url) return null;
  const { pathname, search } = window.location;
  return `${data.url}${pathname}${search}`;
}

/**
 * The camera with live decoding, for phones. Calls `onScan` with the text of each code it
 * reads; the caller decides what the text means (src/web/lib/scan-codes.ts).
 */
export function CameraScanner({
  onScan,
  paused = false,
}: {
  onScan: (text: string) => void;
  /** While true (a confirmation is open), frames are not decoded: nothing changes behind it. */
  paused?: boolean;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onScanRef = useRef(onScan);
  const pausedRef = useRef(paused);
  const [wanted, setWanted] = useState(true);
  const [state, setState] = useState<CameraState>('starting');
  const [track, setTrack] = useState<MediaStreamTrack | null>(null);
  const [torchOn, setTorchOn] = useState(false);

  useEffect(() => {
    onScanRef.current = onScan;
    pausedRef.current = paused;
  }, [onScan, paused]);

  useEffect(() => {
    if (!wanted) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const last = { text: '', at: 0 };

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('unavailable');
        return;
      }
      setState('starting');
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (error) {
        if (!stopped) {
          const denied = error instanceof DOMException && error.name === 'NotAllowedError';
          setState(denied ? 'denied' : 'unavailable');
        }
        return;
      }
      const video = videoRef.current;
      if (stopped || !video) {
        stream.getTracks().forEach((t) => t.stop());
        return;
      }
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      setTrack(stream.getVideoTracks()[0] ?? null);
      setState('live');
      const decoder = await createFrameDecoder();
      const tick = async () => {
        if (stopped) return;
        if (pausedRef.current) {
          timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
          return;
        }
        try {
          for (const text of await decoder.decode(video)) {
            const now = Date.now();
            if (text === last.text && now - last.at < REPEAT_AFTER_MS) continue;
            last.text = text;
            last.at = now;
            onScanRef.current(text);
          }
        } catch {
          // A frame that cannot be read (camera switching, tab hidden) is skipped.
        }
        if (!stopped) timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
      };
      void tick();
    };
    void start();

    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
      setTrack(null);
      setTorchOn(false);
    };
  }, [wanted]);

  const canTorch = Boolean((track?.getCapabilities?.() as TorchCapabilities | undefined)?.torch);
  const toggleTorch = async () => {
    if (!track) return;
    const next = !torchOn;
    try {
      await track.applyConstraints({ advanced: [{ torch: next } as MediaTrackConstraintSet] });
      setTorchOn(next);
    } catch {
      setTorchOn(false);
    }
  };

  const shown: CameraState = wanted ? state : 'off';
  // Nothing to start or stop: the browser refuses the camera until the page or a setting changes.
  const isRefused = shown === 'unavailable' || shown === 'denied';
  const secureTwin = useSecureTwin(shown === 'unavailable');
  return (
    <div className="overflow-hidden rounded-2xl bg-slate-900 text-white">
      {secureTwin && <SecureTwin url={secureTwin} />}
      <div className={`relative aspect-[4/3] w-full ${secureTwin ? 'hidden' : ''}`}>
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label="Camera view"
          className={`h-full w-full object-cover ${shown === 'live' ? '' : 'invisible'}`}
        />
        {shown === 'live' && (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-[18%] rounded-xl border-4 border-white/80"
          />
        )}
        {shown !== 'live' && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center">
            <p>{messages[shown]}</p>
          </div>
        )}
      </div>
      {!isRefused && (
        <div className="flex flex-wrap items-center gap-2 p-2">
          <p role="status" className="flex-1 px-2 text-sm">
            {shown === 'live' ? 'Point the camera at a label.' : ''}
          </p>
          {canTorch && shown === 'live' && (
            <button
              type="button"
              aria-pressed={torchOn}
              onClick={() => void toggleTorch()}
              className="min-h-11 rounded-lg bg-white/15 px-4 py-2 font-semibold hover:bg-white/25"
            >
              Torch
            </button>
          )}
          <button
            type="button"
            onClick={() => setWanted((w) => !w)}
            className="min-h-11 rounded-lg bg-white/15 px-4 py-2 font-semibold hover:bg-white/25"
          >
            {wanted ? 'Stop camera' : 'Start camera'}
          </button>
        </div>
      )}
    </div>
  );
}
