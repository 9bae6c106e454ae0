import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** The fill page link as text and as a QR code, to print and pin up in the warehouse. */
export function FillLinkQr({ path, warehouseName }: { path: string; warehouseName: string }) {
  const url = `${window.location.origin}${path}`;
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { margin: 1, width: 160 })
      .then((d) => live && setDataUrl(d))
      .catch(() => live && setDataUrl(null));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <div className="flex items-center gap-3">
      {dataUrl && (
        <img
          src={dataUrl}
          alt={`QR code for the ${warehouseName} checklist`}
          className="h-24 w-24"
        />
      )}
      <a href={path} className="break-all text-sm text-brand-700 underline">
        {url}
      </a>
    </div>
  );
}
