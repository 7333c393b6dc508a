import { Badge, Box, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useLocation } from 'wouter';
import type { TwinklingFlags } from '@clipmarket/contracts/users';
import { findComingSoonArea } from '../../../lib/coming-soon';
import { formatNumber } from '../../../lib/format';
import { isMenuItemActive, type MenuBadge, type MenuItem } from '../menu-items';
import './side-menu.css';

export interface SideMenuProps {
  items: MenuItem[];
  twinkling?: Partial<TwinklingFlags> | undefined;
  /** Counts for items with a badge; none is shown for zero or an unknown count. */
  badges?: Partial<Record<MenuBadge, number>> | undefined;
  /** Called after an item is chosen (closes the menu on mobile, records clicks). */
  onNavigate?: (item: MenuItem) => void;
}

/**
 * Links of the side menu (spec §2 "Side menu"), already filtered by role. The landmark
 * around it is the shell's navbar (<nav aria-label="Main menu">).
 */
export function SideMenu({ items, twinkling, badges, onNavigate }: SideMenuProps) {
  const { t, i18n } = useTranslation('shell');
  const [pathname] = useLocation();
  return (
    <Box h="100%" style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
      <Stack component="ul" gap={2} p="xs" m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => {
          const active = isMenuItemActive(item, pathname);
          const isTwinkling = Boolean(item.twinkling && twinkling?.[item.twinkling]);
          const Icon = item.icon;
          const count = item.badge ? (badges?.[item.badge] ?? 0) : 0;
          const badge =
            count > 0 ? (
              <>
                <Badge size="sm" color="orange" variant="filled" aria-hidden>
                  {formatNumber(count, i18n.language)}
                </Badge>
                <VisuallyHidden>
                  {t('menu.pendingCount', { total: formatNumber(count, i18n.language) })}
                </VisuallyHidden>
              </>
            ) : findComingSoonArea(item.path) ? (
              // Its page is still to come (issue 8): say so before the click.
              <Badge size="xs" variant="light" color="gray">
                {t('menu.soon')}
              </Badge>
            ) : undefined;
          return (
            <li key={item.id}>
              {/* A plain link styled in side-menu.css: Mantine's NavLink brings its
                  collapsible sub-menu code, which this flat menu does not use. */}
              <Link
                to={item.path}
                className="menu-item"
                data-twinkling={isTwinkling || undefined}
                data-testid={`menu-item-${item.id}`}
                aria-current={active ? 'page' : undefined}
                onClick={() => onNavigate?.(item)}
              >
                <Icon className="menu-item-icon" size={20} stroke={1.6} aria-hidden />
                <span className="menu-item-body">
                  <span className="menu-item-label">{t(item.labelKey)}</span>
                  {isTwinkling && <span className="menu-item-description">{t('menu.news')}</span>}
                </span>
                {isTwinkling ? <span className="menu-item-dot" aria-hidden /> : badge}
              </Link>
            </li>
          );
        })}
      </Stack>
    </Box>
  );
}
