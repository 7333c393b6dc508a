interface NamedCreator {
  influencer_name: string | null;
  first_name: string | null;
  last_name: string | null;
}

/** The name a creator goes by (influencer name), and the person's full name when different. */
export function creatorNames(creator: NamedCreator, fallback: string) {
  const fullName = [creator.first_name, creator.last_name].filter(Boolean).join(' ');
  const displayName = creator.influencer_name || fullName || fallback;
  return { displayName, fullName: fullName && fullName !== displayName ? fullName : null };
}

export const initialsOf = (name: string) => name.slice(0, 2).toUpperCase();
