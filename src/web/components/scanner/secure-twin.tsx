import { useEffect, useState } from 'react';

/**
 * Where to go when this plain-http page may not use the camera: the same screen on the
 * server's https address, as a link for this device and a QR code for a phone beside it.
 */
export function SecureTwin({ url }: { url: string }) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // Loaded here only: most pages that show the scanner are secure and never need it.
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(url, { margin: 2, width: 200 }))
      .then((dataUrl) => live && setQr(dataUrl))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <div className="flex flex-col items-center gap-3 p-6 text-center">
      <p>This plain http address may not use the camera. The secure one may.</p>
      {qr && (
        <img
          src={qr}
          alt="QR code of the secure address"
          className="h-44 w-44 rounded-lg bg-white"
        />
      )}
      <p className="text-sm text-slate-300">Scan it with a phone, or open it here:</p>
      <a
        href={url}
        className="inline-flex min-h-11 items-center rounded-lg bg-white px-4 font-semibold text-slate-900"
      >
        Open the secure address
      </a>
      <p className="break-all text-sm">{url}</p>
      <p className="text-sm text-slate-300">
        The first time, the browser asks you to accept this server’s certificate.
      </p>
    </div>
  );
}
