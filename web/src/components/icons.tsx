/** The line icons of the app (24px grid, currentColor). */
function Icon({ d, size = 16, title }: { d: string; size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      aria-label={title}
    >
      {title ? <title>{title}</title> : null}
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.9"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export const SearchIcon = (p: { size?: number }) => (
  <Icon {...p} d="m21 21-4.3-4.3M11 18a7 7 0 1 1 0-14 7 7 0 0 1 0 14Z" />
);
export const LockIcon = (p: { size?: number; title?: string }) => (
  <Icon
    {...p}
    d="M7 11V8a5 5 0 0 1 10 0v3M6 11h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1Z"
  />
);
export const FilterIcon = (p: { size?: number }) => <Icon {...p} d="M4 5h16l-6 7.5V19l-4 1.5v-8Z" />;
export const DownloadIcon = (p: { size?: number }) => (
  <Icon {...p} d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 20h14" />
);
export const PlusIcon = (p: { size?: number }) => <Icon {...p} d="M12 5v14M5 12h14" />;
export const CloseIcon = (p: { size?: number }) => <Icon {...p} d="m6 6 12 12M18 6 6 18" />;
export const ChevronRightIcon = (p: { size?: number }) => <Icon {...p} d="m9 6 6 6-6 6" />;
export const ChevronDownIcon = (p: { size?: number }) => <Icon {...p} d="m6 9 6 6 6-6" />;
export const FileIcon = (p: { size?: number }) => (
  <Icon {...p} d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8Zm0 0v5h5M9 13h6M9 17h4" />
);
export const LinkIcon = (p: { size?: number }) => (
  <Icon
    {...p}
    d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"
  />
);
export const TrashIcon = (p: { size?: number }) => (
  <Icon {...p} d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
);
export const UploadIcon = (p: { size?: number }) => (
  <Icon {...p} d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
);
export const CommentIcon = (p: { size?: number }) => <Icon {...p} d="M4 5h16v11H9l-5 4Z" />;
export const CheckIcon = (p: { size?: number }) => <Icon {...p} d="m5 12 5 5L20 7" />;
export const PencilIcon = (p: { size?: number }) => <Icon {...p} d="M4 20h4L19 9l-4-4L4 16Zm9-13 4 4" />;
export const FolderIcon = (p: { size?: number }) => (
  <Icon
    {...p}
    d="M3 6.5A1.5 1.5 0 0 1 4.5 5h5l2 2h8A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5Z"
  />
);
export const MoveIcon = (p: { size?: number }) => <Icon {...p} d="M3 12h14m-4-4 4 4-4 4M21 5v14" />;
