"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { MenuIcon } from "@/components/ui/icons";
import type { HeaderProps } from "./header-props";

// The menu (a sheet dialog) loads at the first press of its button, not with every page.
const MobileNavSheet = dynamic(() => import("./mobile-nav-sheet").then((module) => module.MobileNavSheet));

/** The small screens' menu button; the slide-out menu itself is mobile-nav-sheet.tsx. */
export function MobileNav(props: HeaderProps) {
  const [isOpen, setOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => {
          setWasOpened(true);
          setOpen(true);
        }}
      >
        <MenuIcon />
      </Button>
      {wasOpened ? <MobileNavSheet {...props} isOpen={isOpen} onOpenChange={setOpen} /> : null}
    </>
  );
}
