import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils/cn";

export type TableColumn = {
  label: string;
  /** Read by screen readers only (e.g. a column of buttons). */
  isLabelHidden?: boolean;
  className?: string;
};

/**
 * A bordered table with a header row of `columns` and the rows given as children. `frameClassName`
 * sizes the scrolling frame; `isHeaderSticky` keeps the header in view while the frame scrolls.
 */
export function Table({
  columns,
  caption,
  className,
  frameClassName,
  isHeaderSticky = false,
  children,
}: {
  columns: readonly TableColumn[];
  caption?: string;
  className?: string;
  frameClassName?: string;
  isHeaderSticky?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={cn("rounded-xl border border-line", frameClassName)}>
      <table className={cn("w-full text-left text-sm", className)}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead
          className={cn(
            "bg-surface-muted text-xs text-ink-muted uppercase",
            isHeaderSticky && "sticky top-0",
          )}
        >
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={cn("px-3 py-2 font-medium", column.className)}>
                {column.isLabelHidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-3 py-2", className)} {...props} />;
}
