import { isNavGroup, type NavEntry, type NavGroup, type NavLink, WEB_TEXT } from '@cab/shared';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { ApprovalsNavBadge } from '../../features/approvals/index.ts';
import { useCurrentRoute } from '../../lib/routes.ts';
import { NavIcon } from './navIcons.tsx';

function allLinks(entries: readonly NavEntry[]): NavLink[] {
  return entries.flatMap((e) => (isNavGroup(e) ? [...e.children] : [e]));
}

/**
 * The nav link the current page belongs to: the longest internal `to` that is the path or a
 * parent of it, else the link its route names (`nav`: a detail page under its list).
 */
function activeTarget(entries: readonly NavEntry[], pathname: string, routeNav: string | undefined): string | null {
  let best: string | null = null;
  for (const link of allLinks(entries)) {
    if (link.external) continue;
    const matches = link.to === '/' ? pathname === '/' : pathname === link.to || pathname.startsWith(`${link.to}/`);
    if (matches && (best === null || link.to.length > best.length)) best = link.to;
  }
  if (best === null && routeNav && allLinks(entries).some((link) => link.to === routeNav)) return routeNav;
  return best;
}

function groupOf(entries: readonly NavEntry[], target: string | null): string | null {
  if (!target) return null;
  const group = entries.find((e): e is NavGroup => isNavGroup(e) && e.children.some((c) => c.to === target));
  return group?.group ?? null;
}

function NavLinkItem({
  link,
  active,
  nested,
  onNavigate,
}: {
  link: NavLink;
  active: boolean;
  nested: boolean;
  onNavigate?: () => void;
}) {
  const sx = { pl: nested ? 4 : 2 };
  const content = (
    <>
      <ListItemIcon>
        <NavIcon name={link.icon} />
      </ListItemIcon>
      <ListItemText
        primary={link.label}
        slotProps={{ primary: { variant: 'body2', sx: { fontWeight: active ? 600 : 500 } } }}
      />
      {link.badge === 'approvals' && <ApprovalsNavBadge />}
    </>
  );
  if (link.external) {
    return (
      <ListItemButton
        component="a"
        href={link.to}
        target="_blank"
        rel="noopener noreferrer"
        data-testid={`nav-link-${link.to}`}
        aria-label={`${link.label} ${WEB_TEXT.opensInNewTab}`}
        sx={sx}
        onClick={onNavigate}
      >
        {content}
        <OpenInNew sx={{ fontSize: 14, color: 'text.secondary' }} aria-hidden />
      </ListItemButton>
    );
  }
  return (
    <ListItemButton
      component={RouterLink}
      to={link.to}
      selected={active}
      aria-current={active ? 'page' : undefined}
      data-testid={`nav-link-${link.to}`}
      sx={sx}
      onClick={onNavigate}
    >
      {content}
    </ListItemButton>
  );
}

/** The side navigation: navFor(role) with collapsible groups (SPEC 2 "Navigation entries"). */
export function NavMenu({ entries, onNavigate }: { entries: readonly NavEntry[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const routeNav = useCurrentRoute().nav;
  const active = useMemo(() => activeTarget(entries, pathname, routeNav), [entries, pathname, routeNav]);
  const activeGroup = groupOf(entries, active);
  const [open, setOpen] = useState<Record<string, boolean>>(() => (activeGroup ? { [activeGroup]: true } : {}));

  // Opening a page inside a closed group (e.g. by URL) unfolds that group.
  useEffect(() => {
    if (activeGroup) setOpen((prev) => (prev[activeGroup] ? prev : { ...prev, [activeGroup]: true }));
  }, [activeGroup]);

  return (
    <List component="nav" aria-label={WEB_TEXT.mainNavigation} sx={{ py: 1 }}>
      {entries.map((entry) => {
        if (!isNavGroup(entry)) {
          return (
            <NavLinkItem
              key={entry.to}
              link={entry}
              active={entry.to === active}
              nested={false}
              onNavigate={onNavigate}
            />
          );
        }
        const isOpen = open[entry.group] ?? false;
        const listId = `nav-group-list-${entry.group.replace(/\W+/g, '-').toLowerCase()}`;
        return (
          <div key={entry.group}>
            <ListItemButton
              data-testid={`nav-group-${entry.group}`}
              aria-expanded={isOpen}
              aria-controls={listId}
              onClick={() => setOpen((prev) => ({ ...prev, [entry.group]: !isOpen }))}
              sx={{ pl: 2 }}
            >
              <ListItemIcon>
                <NavIcon name={entry.icon} />
              </ListItemIcon>
              <ListItemText
                primary={entry.group}
                slotProps={{
                  primary: { variant: 'body2', sx: { fontWeight: entry.group === activeGroup ? 600 : 500 } },
                }}
              />
              {isOpen ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
            </ListItemButton>
            <Collapse in={isOpen} timeout="auto" unmountOnExit>
              <List id={listId} component="div" disablePadding>
                {entry.children.map((link) => (
                  <NavLinkItem
                    key={`${entry.group}-${link.to}`}
                    link={link}
                    active={link.to === active}
                    nested
                    onNavigate={onNavigate}
                  />
                ))}
              </List>
            </Collapse>
          </div>
        );
      })}
    </List>
  );
}
