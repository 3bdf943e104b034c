\
# ruff: noqa
# mypy: ignore-errors
"""Written by ``python -m keyharvest.model.makeprebuilt``: do not edit.

The methods ``@dataclass`` makes for the package's dataclasses, each as the text it
compiles (CPython 3.11's ``dataclasses``), and under that text in ``CODES``."""

CODES = {}

def __create_fn__(_type_letter, _type_name, _type_number, _type_mandatory, _type_townsfolk, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,letter:_type_letter,name:_type_name,number:_type_number,mandatory:_type_mandatory,townsfolk:_type_townsfolk)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'letter',letter)
  __dataclass_builtins_object__.__setattr__(self,'name',name)
  __dataclass_builtins_object__.__setattr__(self,'number',number)
  __dataclass_builtins_object__.__setattr__(self,'mandatory',mandatory)
  __dataclass_builtins_object__.__setattr__(self,'townsfolk',townsfolk)
 return __init__

CODES["def __create_fn__(_type_letter, _type_name, _type_number, _type_mandatory, _type_townsfolk, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):\n def __init__(self,letter:_type_letter,name:_type_name,number:_type_number,mandatory:_type_mandatory,townsfolk:_type_townsfolk)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'letter',letter)\n  __dataclass_builtins_object__.__setattr__(self,'name',name)\n  __dataclass_builtins_object__.__setattr__(self,'number',number)\n  __dataclass_builtins_object__.__setattr__(self,'mandatory',mandatory)\n  __dataclass_builtins_object__.__setattr__(self,'townsfolk',townsfolk)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(letter={self.letter!r}, name={self.name!r}, number={self.number!r}, mandatory={self.mandatory!r}, townsfolk={self.townsfolk!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(letter={self.letter!r}, name={self.name!r}, number={self.number!r}, mandatory={self.mandatory!r}, townsfolk={self.townsfolk!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.letter,self.name,self.number,self.mandatory,self.townsfolk,)==(other.letter,other.name,other.number,other.mandatory,other.townsfolk,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.letter,self.name,self.number,self.mandatory,self.townsfolk,)==(other.letter,other.name,other.number,other.mandatory,other.townsfolk,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('letter','name','number','mandatory','townsfolk',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'letter\',\'name\',\'number\',\'mandatory\',\'townsfolk\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('letter','name','number','mandatory','townsfolk',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'letter\',\'name\',\'number\',\'mandatory\',\'townsfolk\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.letter,self.name,self.number,self.mandatory,self.townsfolk,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.letter,self.name,self.number,self.mandatory,self.townsfolk,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_letter, _type_name, _type_mandatory, _type_draws, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,letter:_type_letter,name:_type_name,mandatory:_type_mandatory,draws:_type_draws)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'letter',letter)
  __dataclass_builtins_object__.__setattr__(self,'name',name)
  __dataclass_builtins_object__.__setattr__(self,'mandatory',mandatory)
  __dataclass_builtins_object__.__setattr__(self,'draws',draws)
 return __init__

CODES["def __create_fn__(_type_letter, _type_name, _type_mandatory, _type_draws, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):\n def __init__(self,letter:_type_letter,name:_type_name,mandatory:_type_mandatory,draws:_type_draws)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'letter',letter)\n  __dataclass_builtins_object__.__setattr__(self,'name',name)\n  __dataclass_builtins_object__.__setattr__(self,'mandatory',mandatory)\n  __dataclass_builtins_object__.__setattr__(self,'draws',draws)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(letter={self.letter!r}, name={self.name!r}, mandatory={self.mandatory!r}, draws={self.draws!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(letter={self.letter!r}, name={self.name!r}, mandatory={self.mandatory!r}, draws={self.draws!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.letter,self.name,self.mandatory,self.draws,)==(other.letter,other.name,other.mandatory,other.draws,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.letter,self.name,self.mandatory,self.draws,)==(other.letter,other.name,other.mandatory,other.draws,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('letter','name','mandatory','draws',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'letter\',\'name\',\'mandatory\',\'draws\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('letter','name','mandatory','draws',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'letter\',\'name\',\'mandatory\',\'draws\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.letter,self.name,self.mandatory,self.draws,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.letter,self.name,self.mandatory,self.draws,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_name, _type_crops, _type_positions, _type_starting_pairs, _type_neighbours, _type_order, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,name:_type_name,crops:_type_crops,positions:_type_positions,starting_pairs:_type_starting_pairs,neighbours:_type_neighbours,order:_type_order)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'name',name)
  __dataclass_builtins_object__.__setattr__(self,'crops',crops)
  __dataclass_builtins_object__.__setattr__(self,'positions',positions)
  __dataclass_builtins_object__.__setattr__(self,'starting_pairs',starting_pairs)
  __dataclass_builtins_object__.__setattr__(self,'neighbours',neighbours)
  __dataclass_builtins_object__.__setattr__(self,'order',order)
 return __init__

CODES["def __create_fn__(_type_name, _type_crops, _type_positions, _type_starting_pairs, _type_neighbours, _type_order, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):\n def __init__(self,name:_type_name,crops:_type_crops,positions:_type_positions,starting_pairs:_type_starting_pairs,neighbours:_type_neighbours,order:_type_order)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'name',name)\n  __dataclass_builtins_object__.__setattr__(self,'crops',crops)\n  __dataclass_builtins_object__.__setattr__(self,'positions',positions)\n  __dataclass_builtins_object__.__setattr__(self,'starting_pairs',starting_pairs)\n  __dataclass_builtins_object__.__setattr__(self,'neighbours',neighbours)\n  __dataclass_builtins_object__.__setattr__(self,'order',order)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(name={self.name!r}, crops={self.crops!r}, positions={self.positions!r}, starting_pairs={self.starting_pairs!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(name={self.name!r}, crops={self.crops!r}, positions={self.positions!r}, starting_pairs={self.starting_pairs!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('name','crops','positions','starting_pairs','neighbours','order',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'name\',\'crops\',\'positions\',\'starting_pairs\',\'neighbours\',\'order\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('name','crops','positions','starting_pairs','neighbours','order',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'name\',\'crops\',\'positions\',\'starting_pairs\',\'neighbours\',\'order\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__(_type_kind, _type_player, _type_rule, _type_purpose, _type_worker, _type_event, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_player, _dflt_rule, _dflt_purpose, _dflt_worker, _dflt_event, _return_type):
 def __init__(self,kind:_type_kind,player:_type_player=_dflt_player,rule:_type_rule=_dflt_rule,purpose:_type_purpose=_dflt_purpose,worker:_type_worker=_dflt_worker,event:_type_event=_dflt_event)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'kind',kind)
  __dataclass_builtins_object__.__setattr__(self,'player',player)
  __dataclass_builtins_object__.__setattr__(self,'rule',rule)
  __dataclass_builtins_object__.__setattr__(self,'purpose',purpose)
  __dataclass_builtins_object__.__setattr__(self,'worker',worker)
  __dataclass_builtins_object__.__setattr__(self,'event',event)
 return __init__

CODES["def __create_fn__(_type_kind, _type_player, _type_rule, _type_purpose, _type_worker, _type_event, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_player, _dflt_rule, _dflt_purpose, _dflt_worker, _dflt_event, _return_type):\n def __init__(self,kind:_type_kind,player:_type_player=_dflt_player,rule:_type_rule=_dflt_rule,purpose:_type_purpose=_dflt_purpose,worker:_type_worker=_dflt_worker,event:_type_event=_dflt_event)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'kind',kind)\n  __dataclass_builtins_object__.__setattr__(self,'player',player)\n  __dataclass_builtins_object__.__setattr__(self,'rule',rule)\n  __dataclass_builtins_object__.__setattr__(self,'purpose',purpose)\n  __dataclass_builtins_object__.__setattr__(self,'worker',worker)\n  __dataclass_builtins_object__.__setattr__(self,'event',event)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(kind={self.kind!r}, player={self.player!r}, rule={self.rule!r}, purpose={self.purpose!r}, worker={self.worker!r}, event={self.event!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(kind={self.kind!r}, player={self.player!r}, rule={self.rule!r}, purpose={self.purpose!r}, worker={self.worker!r}, event={self.event!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.kind,self.player,self.rule,self.purpose,self.worker,self.event,)==(other.kind,other.player,other.rule,other.purpose,other.worker,other.event,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.kind,self.player,self.rule,self.purpose,self.worker,self.event,)==(other.kind,other.player,other.rule,other.purpose,other.worker,other.event,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('kind','player','rule','purpose','worker','event',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'kind\',\'player\',\'rule\',\'purpose\',\'worker\',\'event\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('kind','player','rule','purpose','worker','event',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'kind\',\'player\',\'rule\',\'purpose\',\'worker\',\'event\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.kind,self.player,self.rule,self.purpose,self.worker,self.event,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.kind,self.player,self.rule,self.purpose,self.worker,self.event,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_tile, _type_bid, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,tile:_type_tile,bid:_type_bid)->_return_type:
  self.tile=tile
  self.bid=bid
 return __init__

CODES['def __create_fn__(_type_tile, _type_bid, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):\n def __init__(self,tile:_type_tile,bid:_type_bid)->_return_type:\n  self.tile=tile\n  self.bid=bid\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(tile={self.tile!r}, bid={self.bid!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(tile={self.tile!r}, bid={self.bid!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.tile,self.bid,)==(other.tile,other.bid,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.tile,self.bid,)==(other.tile,other.bid,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(_type_colour, _type_tiles, _type_workers, _type_supply, _type_store, _type_screen, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_tiles, _dflt_workers, _dflt_supply, _dflt_store, _dflt_screen, _return_type):
 def __init__(self,colour:_type_colour,tiles:_type_tiles=_HAS_DEFAULT_FACTORY,workers:_type_workers=_HAS_DEFAULT_FACTORY,supply:_type_supply=_HAS_DEFAULT_FACTORY,store:_type_store=_HAS_DEFAULT_FACTORY,screen:_type_screen=_HAS_DEFAULT_FACTORY)->_return_type:
  self.colour=colour
  self.tiles=_dflt_tiles() if tiles is _HAS_DEFAULT_FACTORY else tiles
  self.workers=_dflt_workers() if workers is _HAS_DEFAULT_FACTORY else workers
  self.supply=_dflt_supply() if supply is _HAS_DEFAULT_FACTORY else supply
  self.store=_dflt_store() if store is _HAS_DEFAULT_FACTORY else store
  self.screen=_dflt_screen() if screen is _HAS_DEFAULT_FACTORY else screen
 return __init__

CODES['def __create_fn__(_type_colour, _type_tiles, _type_workers, _type_supply, _type_store, _type_screen, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_tiles, _dflt_workers, _dflt_supply, _dflt_store, _dflt_screen, _return_type):\n def __init__(self,colour:_type_colour,tiles:_type_tiles=_HAS_DEFAULT_FACTORY,workers:_type_workers=_HAS_DEFAULT_FACTORY,supply:_type_supply=_HAS_DEFAULT_FACTORY,store:_type_store=_HAS_DEFAULT_FACTORY,screen:_type_screen=_HAS_DEFAULT_FACTORY)->_return_type:\n  self.colour=colour\n  self.tiles=_dflt_tiles() if tiles is _HAS_DEFAULT_FACTORY else tiles\n  self.workers=_dflt_workers() if workers is _HAS_DEFAULT_FACTORY else workers\n  self.supply=_dflt_supply() if supply is _HAS_DEFAULT_FACTORY else supply\n  self.store=_dflt_store() if store is _HAS_DEFAULT_FACTORY else store\n  self.screen=_dflt_screen() if screen is _HAS_DEFAULT_FACTORY else screen\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(colour={self.colour!r}, tiles={self.tiles!r}, workers={self.workers!r}, supply={self.supply!r}, store={self.store!r}, screen={self.screen!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(colour={self.colour!r}, tiles={self.tiles!r}, workers={self.workers!r}, supply={self.supply!r}, store={self.store!r}, screen={self.screen!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.colour,self.tiles,self.workers,self.supply,self.store,self.screen,)==(other.colour,other.tiles,other.workers,other.supply,other.store,other.screen,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.colour,self.tiles,self.workers,self.supply,self.store,self.screen,)==(other.colour,other.tiles,other.workers,other.supply,other.store,other.screen,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(_type_player, _type_number, _type_used, _type_count, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_number, _dflt_used, _dflt_count, _return_type):
 def __init__(self,player:_type_player,number:_type_number=_dflt_number,used:_type_used=_dflt_used,count:_type_count=_dflt_count)->_return_type:
  self.player=player
  self.number=number
  self.used=used
  self.count=count
 return __init__

CODES['def __create_fn__(_type_player, _type_number, _type_used, _type_count, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_number, _dflt_used, _dflt_count, _return_type):\n def __init__(self,player:_type_player,number:_type_number=_dflt_number,used:_type_used=_dflt_used,count:_type_count=_dflt_count)->_return_type:\n  self.player=player\n  self.number=number\n  self.used=used\n  self.count=count\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(player={self.player!r}, number={self.number!r}, used={self.used!r}, count={self.count!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(player={self.player!r}, number={self.number!r}, used={self.used!r}, count={self.count!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.player,self.number,self.used,self.count,)==(other.player,other.number,other.used,other.count,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.player,self.number,self.used,self.count,)==(other.player,other.number,other.used,other.count,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(_type_board, _type_players, _type_stock, _type_registry, _type_bag, _type_turn, _type_town, _type_track, _type_fallow, _type_removed, _type_hidden_removed, _type_set_aside, _type_spent, _type_in_hand, _type_end_countdown, _type_end_trigger, _type_max_turns, _type_result, _type_stack, _type_pending, _type_steps, _type_filled_at, _type_drawn, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_town, _dflt_track, _dflt_fallow, _dflt_removed, _dflt_hidden_removed, _dflt_set_aside, _dflt_spent, _dflt_in_hand, _dflt_end_countdown, _dflt_end_trigger, _dflt_max_turns, _dflt_result, _dflt_stack, _dflt_pending, _dflt_steps, _dflt_filled_at, _dflt_drawn, _return_type):
 def __init__(self,board:_type_board,players:_type_players,stock:_type_stock,registry:_type_registry,bag:_type_bag,turn:_type_turn,town:_type_town=_HAS_DEFAULT_FACTORY,track:_type_track=_HAS_DEFAULT_FACTORY,fallow:_type_fallow=_HAS_DEFAULT_FACTORY,removed:_type_removed=_HAS_DEFAULT_FACTORY,hidden_removed:_type_hidden_removed=_dflt_hidden_removed,set_aside:_type_set_aside=_HAS_DEFAULT_FACTORY,spent:_type_spent=_HAS_DEFAULT_FACTORY,in_hand:_type_in_hand=_HAS_DEFAULT_FACTORY,end_countdown:_type_end_countdown=_dflt_end_countdown,end_trigger:_type_end_trigger=_dflt_end_trigger,max_turns:_type_max_turns=_dflt_max_turns,result:_type_result=_dflt_result,stack:_type_stack=_HAS_DEFAULT_FACTORY,pending:_type_pending=_HAS_DEFAULT_FACTORY,steps:_type_steps=_dflt_steps,filled_at:_type_filled_at=_dflt_filled_at,drawn:_type_drawn=_dflt_drawn)->_return_type:
  self.board=board
  self.players=players
  self.stock=stock
  self.registry=registry
  self.bag=bag
  self.turn=turn
  self.town=_dflt_town() if town is _HAS_DEFAULT_FACTORY else town
  self.track=_dflt_track() if track is _HAS_DEFAULT_FACTORY else track
  self.fallow=_dflt_fallow() if fallow is _HAS_DEFAULT_FACTORY else fallow
  self.removed=_dflt_removed() if removed is _HAS_DEFAULT_FACTORY else removed
  self.hidden_removed=hidden_removed
  self.set_aside=_dflt_set_aside() if set_aside is _HAS_DEFAULT_FACTORY else set_aside
  self.spent=_dflt_spent() if spent is _HAS_DEFAULT_FACTORY else spent
  self.in_hand=_dflt_in_hand() if in_hand is _HAS_DEFAULT_FACTORY else in_hand
  self.end_countdown=end_countdown
  self.end_trigger=end_trigger
  self.max_turns=max_turns
  self.result=result
  self.stack=_dflt_stack() if stack is _HAS_DEFAULT_FACTORY else stack
  self.pending=_dflt_pending() if pending is _HAS_DEFAULT_FACTORY else pending
  self.steps=steps
  self.filled_at=filled_at
  self.drawn=drawn
 return __init__

CODES['def __create_fn__(_type_board, _type_players, _type_stock, _type_registry, _type_bag, _type_turn, _type_town, _type_track, _type_fallow, _type_removed, _type_hidden_removed, _type_set_aside, _type_spent, _type_in_hand, _type_end_countdown, _type_end_trigger, _type_max_turns, _type_result, _type_stack, _type_pending, _type_steps, _type_filled_at, _type_drawn, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_town, _dflt_track, _dflt_fallow, _dflt_removed, _dflt_hidden_removed, _dflt_set_aside, _dflt_spent, _dflt_in_hand, _dflt_end_countdown, _dflt_end_trigger, _dflt_max_turns, _dflt_result, _dflt_stack, _dflt_pending, _dflt_steps, _dflt_filled_at, _dflt_drawn, _return_type):\n def __init__(self,board:_type_board,players:_type_players,stock:_type_stock,registry:_type_registry,bag:_type_bag,turn:_type_turn,town:_type_town=_HAS_DEFAULT_FACTORY,track:_type_track=_HAS_DEFAULT_FACTORY,fallow:_type_fallow=_HAS_DEFAULT_FACTORY,removed:_type_removed=_HAS_DEFAULT_FACTORY,hidden_removed:_type_hidden_removed=_dflt_hidden_removed,set_aside:_type_set_aside=_HAS_DEFAULT_FACTORY,spent:_type_spent=_HAS_DEFAULT_FACTORY,in_hand:_type_in_hand=_HAS_DEFAULT_FACTORY,end_countdown:_type_end_countdown=_dflt_end_countdown,end_trigger:_type_end_trigger=_dflt_end_trigger,max_turns:_type_max_turns=_dflt_max_turns,result:_type_result=_dflt_result,stack:_type_stack=_HAS_DEFAULT_FACTORY,pending:_type_pending=_HAS_DEFAULT_FACTORY,steps:_type_steps=_dflt_steps,filled_at:_type_filled_at=_dflt_filled_at,drawn:_type_drawn=_dflt_drawn)->_return_type:\n  self.board=board\n  self.players=players\n  self.stock=stock\n  self.registry=registry\n  self.bag=bag\n  self.turn=turn\n  self.town=_dflt_town() if town is _HAS_DEFAULT_FACTORY else town\n  self.track=_dflt_track() if track is _HAS_DEFAULT_FACTORY else track\n  self.fallow=_dflt_fallow() if fallow is _HAS_DEFAULT_FACTORY else fallow\n  self.removed=_dflt_removed() if removed is _HAS_DEFAULT_FACTORY else removed\n  self.hidden_removed=hidden_removed\n  self.set_aside=_dflt_set_aside() if set_aside is _HAS_DEFAULT_FACTORY else set_aside\n  self.spent=_dflt_spent() if spent is _HAS_DEFAULT_FACTORY else spent\n  self.in_hand=_dflt_in_hand() if in_hand is _HAS_DEFAULT_FACTORY else in_hand\n  self.end_countdown=end_countdown\n  self.end_trigger=end_trigger\n  self.max_turns=max_turns\n  self.result=result\n  self.stack=_dflt_stack() if stack is _HAS_DEFAULT_FACTORY else stack\n  self.pending=_dflt_pending() if pending is _HAS_DEFAULT_FACTORY else pending\n  self.steps=steps\n  self.filled_at=filled_at\n  self.drawn=drawn\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(board={self.board!r}, players={self.players!r}, stock={self.stock!r}, registry={self.registry!r}, bag={self.bag!r}, turn={self.turn!r}, town={self.town!r}, track={self.track!r}, fallow={self.fallow!r}, removed={self.removed!r}, hidden_removed={self.hidden_removed!r}, set_aside={self.set_aside!r}, spent={self.spent!r}, in_hand={self.in_hand!r}, end_countdown={self.end_countdown!r}, end_trigger={self.end_trigger!r}, max_turns={self.max_turns!r}, result={self.result!r}, stack={self.stack!r}, pending={self.pending!r}, steps={self.steps!r}, filled_at={self.filled_at!r}, drawn={self.drawn!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(board={self.board!r}, players={self.players!r}, stock={self.stock!r}, registry={self.registry!r}, bag={self.bag!r}, turn={self.turn!r}, town={self.town!r}, track={self.track!r}, fallow={self.fallow!r}, removed={self.removed!r}, hidden_removed={self.hidden_removed!r}, set_aside={self.set_aside!r}, spent={self.spent!r}, in_hand={self.in_hand!r}, end_countdown={self.end_countdown!r}, end_trigger={self.end_trigger!r}, max_turns={self.max_turns!r}, result={self.result!r}, stack={self.stack!r}, pending={self.pending!r}, steps={self.steps!r}, filled_at={self.filled_at!r}, drawn={self.drawn!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__(MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self)->_return_type:
  pass
 return __init__

CODES['def __create_fn__(MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):\n def __init__(self)->_return_type:\n  pass\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"()"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"()"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return ()==()
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return ()==()\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ():
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in ():\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ():
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in ():\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash(())
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash(())\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_item, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_span, _return_type):
 def __init__(self,item:_type_item,*,span:_type_span=_dflt_span)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'item',item)
  __dataclass_builtins_object__.__setattr__(self,'span',span)
 return __init__

CODES["def __create_fn__(_type_item, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_span, _return_type):\n def __init__(self,item:_type_item,*,span:_type_span=_dflt_span)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'item',item)\n  __dataclass_builtins_object__.__setattr__(self,'span',span)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(item={self.item!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(item={self.item!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.item,)==(other.item,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.item,)==(other.item,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('item','span',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'item\',\'span\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('item','span',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'item\',\'span\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.item,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.item,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_player, _type_tiles, _type_instead, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_instead, _dflt_span, _return_type):
 def __init__(self,player:_type_player,tiles:_type_tiles,instead:_type_instead=_dflt_instead,*,span:_type_span=_dflt_span)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'player',player)
  __dataclass_builtins_object__.__setattr__(self,'tiles',tiles)
  __dataclass_builtins_object__.__setattr__(self,'instead',instead)
  __dataclass_builtins_object__.__setattr__(self,'span',span)
 return __init__

CODES["def __create_fn__(_type_player, _type_tiles, _type_instead, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_instead, _dflt_span, _return_type):\n def __init__(self,player:_type_player,tiles:_type_tiles,instead:_type_instead=_dflt_instead,*,span:_type_span=_dflt_span)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'player',player)\n  __dataclass_builtins_object__.__setattr__(self,'tiles',tiles)\n  __dataclass_builtins_object__.__setattr__(self,'instead',instead)\n  __dataclass_builtins_object__.__setattr__(self,'span',span)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(player={self.player!r}, tiles={self.tiles!r}, instead={self.instead!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(player={self.player!r}, tiles={self.tiles!r}, instead={self.instead!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.player,self.tiles,self.instead,)==(other.player,other.tiles,other.instead,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.player,self.tiles,self.instead,)==(other.player,other.tiles,other.instead,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('player','tiles','instead','span',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'player\',\'tiles\',\'instead\',\'span\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('player','tiles','instead','span',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'player\',\'tiles\',\'instead\',\'span\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.player,self.tiles,self.instead,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.player,self.tiles,self.instead,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_player, _type_worker, _type_space, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_span, _return_type):
 def __init__(self,player:_type_player,worker:_type_worker,space:_type_space,*,span:_type_span=_dflt_span)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'player',player)
  __dataclass_builtins_object__.__setattr__(self,'worker',worker)
  __dataclass_builtins_object__.__setattr__(self,'space',space)
  __dataclass_builtins_object__.__setattr__(self,'span',span)
 return __init__

CODES["def __create_fn__(_type_player, _type_worker, _type_space, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_span, _return_type):\n def __init__(self,player:_type_player,worker:_type_worker,space:_type_space,*,span:_type_span=_dflt_span)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'player',player)\n  __dataclass_builtins_object__.__setattr__(self,'worker',worker)\n  __dataclass_builtins_object__.__setattr__(self,'space',space)\n  __dataclass_builtins_object__.__setattr__(self,'span',span)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(player={self.player!r}, worker={self.worker!r}, space={self.space!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(player={self.player!r}, worker={self.worker!r}, space={self.space!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.player,self.worker,self.space,)==(other.player,other.worker,other.space,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.player,self.worker,self.space,)==(other.player,other.worker,other.space,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('player','worker','space','span',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'player\',\'worker\',\'space\',\'span\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('player','worker','space','span',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'player\',\'worker\',\'space\',\'span\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.player,self.worker,self.space,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.player,self.worker,self.space,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_player, _type_worker, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_span, _return_type):
 def __init__(self,player:_type_player,worker:_type_worker,*,span:_type_span=_dflt_span)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'player',player)
  __dataclass_builtins_object__.__setattr__(self,'worker',worker)
  __dataclass_builtins_object__.__setattr__(self,'span',span)
 return __init__

CODES["def __create_fn__(_type_player, _type_worker, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_span, _return_type):\n def __init__(self,player:_type_player,worker:_type_worker,*,span:_type_span=_dflt_span)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'player',player)\n  __dataclass_builtins_object__.__setattr__(self,'worker',worker)\n  __dataclass_builtins_object__.__setattr__(self,'span',span)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(player={self.player!r}, worker={self.worker!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(player={self.player!r}, worker={self.worker!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.player,self.worker,)==(other.player,other.worker,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.player,self.worker,)==(other.player,other.worker,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('player','worker','span',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'player\',\'worker\',\'span\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('player','worker','span',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'player\',\'worker\',\'span\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.player,self.worker,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.player,self.worker,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_player, _type_tile, _type_seller, _type_pay, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_pay, _dflt_span, _return_type):
 def __init__(self,player:_type_player,tile:_type_tile,seller:_type_seller,pay:_type_pay=_dflt_pay,*,span:_type_span=_dflt_span)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'player',player)
  __dataclass_builtins_object__.__setattr__(self,'tile',tile)
  __dataclass_builtins_object__.__setattr__(self,'seller',seller)
  __dataclass_builtins_object__.__setattr__(self,'pay',pay)
  __dataclass_builtins_object__.__setattr__(self,'span',span)
 return __init__

CODES["def __create_fn__(_type_player, _type_tile, _type_seller, _type_pay, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_pay, _dflt_span, _return_type):\n def __init__(self,player:_type_player,tile:_type_tile,seller:_type_seller,pay:_type_pay=_dflt_pay,*,span:_type_span=_dflt_span)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'player',player)\n  __dataclass_builtins_object__.__setattr__(self,'tile',tile)\n  __dataclass_builtins_object__.__setattr__(self,'seller',seller)\n  __dataclass_builtins_object__.__setattr__(self,'pay',pay)\n  __dataclass_builtins_object__.__setattr__(self,'span',span)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(player={self.player!r}, tile={self.tile!r}, seller={self.seller!r}, pay={self.pay!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(player={self.player!r}, tile={self.tile!r}, seller={self.seller!r}, pay={self.pay!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.player,self.tile,self.seller,self.pay,)==(other.player,other.tile,other.seller,other.pay,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.player,self.tile,self.seller,self.pay,)==(other.player,other.tile,other.seller,other.pay,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('player','tile','seller','pay','span',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'player\',\'tile\',\'seller\',\'pay\',\'span\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('player','tile','seller','pay','span',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'player\',\'tile\',\'seller\',\'pay\',\'span\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.player,self.tile,self.seller,self.pay,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.player,self.tile,self.seller,self.pay,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_player, _type_tile, _type_bid, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_span, _return_type):
 def __init__(self,player:_type_player,tile:_type_tile,bid:_type_bid,*,span:_type_span=_dflt_span)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'player',player)
  __dataclass_builtins_object__.__setattr__(self,'tile',tile)
  __dataclass_builtins_object__.__setattr__(self,'bid',bid)
  __dataclass_builtins_object__.__setattr__(self,'span',span)
 return __init__

CODES["def __create_fn__(_type_player, _type_tile, _type_bid, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_span, _return_type):\n def __init__(self,player:_type_player,tile:_type_tile,bid:_type_bid,*,span:_type_span=_dflt_span)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'player',player)\n  __dataclass_builtins_object__.__setattr__(self,'tile',tile)\n  __dataclass_builtins_object__.__setattr__(self,'bid',bid)\n  __dataclass_builtins_object__.__setattr__(self,'span',span)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(player={self.player!r}, tile={self.tile!r}, bid={self.bid!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(player={self.player!r}, tile={self.tile!r}, bid={self.bid!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.player,self.tile,self.bid,)==(other.player,other.tile,other.bid,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.player,self.tile,self.bid,)==(other.player,other.tile,other.bid,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('player','tile','bid','span',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'player\',\'tile\',\'bid\',\'span\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('player','tile','bid','span',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'player\',\'tile\',\'bid\',\'span\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.player,self.tile,self.bid,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.player,self.tile,self.bid,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_player, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_span, _return_type):
 def __init__(self,player:_type_player,*,span:_type_span=_dflt_span)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'player',player)
  __dataclass_builtins_object__.__setattr__(self,'span',span)
 return __init__

CODES["def __create_fn__(_type_player, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_span, _return_type):\n def __init__(self,player:_type_player,*,span:_type_span=_dflt_span)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'player',player)\n  __dataclass_builtins_object__.__setattr__(self,'span',span)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(player={self.player!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(player={self.player!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.player,)==(other.player,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.player,)==(other.player,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('player','span',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'player\',\'span\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('player','span',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'player\',\'span\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.player,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.player,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_player, _type_crops, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_span, _return_type):
 def __init__(self,player:_type_player,crops:_type_crops,*,span:_type_span=_dflt_span)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'player',player)
  __dataclass_builtins_object__.__setattr__(self,'crops',crops)
  __dataclass_builtins_object__.__setattr__(self,'span',span)
 return __init__

CODES["def __create_fn__(_type_player, _type_crops, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_span, _return_type):\n def __init__(self,player:_type_player,crops:_type_crops,*,span:_type_span=_dflt_span)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'player',player)\n  __dataclass_builtins_object__.__setattr__(self,'crops',crops)\n  __dataclass_builtins_object__.__setattr__(self,'span',span)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(player={self.player!r}, crops={self.crops!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(player={self.player!r}, crops={self.crops!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.player,self.crops,)==(other.player,other.crops,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.player,self.crops,)==(other.player,other.crops,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('player','crops','span',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'player\',\'crops\',\'span\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('player','crops','span',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'player\',\'crops\',\'span\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.player,self.crops,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.player,self.crops,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_player, _type_tiles, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_span, _return_type):
 def __init__(self,player:_type_player,tiles:_type_tiles,*,span:_type_span=_dflt_span)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'player',player)
  __dataclass_builtins_object__.__setattr__(self,'tiles',tiles)
  __dataclass_builtins_object__.__setattr__(self,'span',span)
 return __init__

CODES["def __create_fn__(_type_player, _type_tiles, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_span, _return_type):\n def __init__(self,player:_type_player,tiles:_type_tiles,*,span:_type_span=_dflt_span)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'player',player)\n  __dataclass_builtins_object__.__setattr__(self,'tiles',tiles)\n  __dataclass_builtins_object__.__setattr__(self,'span',span)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(player={self.player!r}, tiles={self.tiles!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(player={self.player!r}, tiles={self.tiles!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.player,self.tiles,)==(other.player,other.tiles,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.player,self.tiles,)==(other.player,other.tiles,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('player','tiles','span',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'player\',\'tiles\',\'span\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('player','tiles','span',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'player\',\'tiles\',\'span\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.player,self.tiles,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.player,self.tiles,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_player, _type_tile, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_span, _return_type):
 def __init__(self,player:_type_player,tile:_type_tile,*,span:_type_span=_dflt_span)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'player',player)
  __dataclass_builtins_object__.__setattr__(self,'tile',tile)
  __dataclass_builtins_object__.__setattr__(self,'span',span)
 return __init__

CODES["def __create_fn__(_type_player, _type_tile, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_span, _return_type):\n def __init__(self,player:_type_player,tile:_type_tile,*,span:_type_span=_dflt_span)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'player',player)\n  __dataclass_builtins_object__.__setattr__(self,'tile',tile)\n  __dataclass_builtins_object__.__setattr__(self,'span',span)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(player={self.player!r}, tile={self.tile!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(player={self.player!r}, tile={self.tile!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.player,self.tile,)==(other.player,other.tile,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.player,self.tile,)==(other.player,other.tile,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('player','tile','span',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'player\',\'tile\',\'span\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('player','tile','span',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'player\',\'tile\',\'span\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.player,self.tile,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.player,self.tile,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_player, _type_tile, _type_victim, _type_pay, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_span, _return_type):
 def __init__(self,player:_type_player,tile:_type_tile,victim:_type_victim,pay:_type_pay,*,span:_type_span=_dflt_span)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'player',player)
  __dataclass_builtins_object__.__setattr__(self,'tile',tile)
  __dataclass_builtins_object__.__setattr__(self,'victim',victim)
  __dataclass_builtins_object__.__setattr__(self,'pay',pay)
  __dataclass_builtins_object__.__setattr__(self,'span',span)
 return __init__

CODES["def __create_fn__(_type_player, _type_tile, _type_victim, _type_pay, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_span, _return_type):\n def __init__(self,player:_type_player,tile:_type_tile,victim:_type_victim,pay:_type_pay,*,span:_type_span=_dflt_span)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'player',player)\n  __dataclass_builtins_object__.__setattr__(self,'tile',tile)\n  __dataclass_builtins_object__.__setattr__(self,'victim',victim)\n  __dataclass_builtins_object__.__setattr__(self,'pay',pay)\n  __dataclass_builtins_object__.__setattr__(self,'span',span)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(player={self.player!r}, tile={self.tile!r}, victim={self.victim!r}, pay={self.pay!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(player={self.player!r}, tile={self.tile!r}, victim={self.victim!r}, pay={self.pay!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.player,self.tile,self.victim,self.pay,)==(other.player,other.tile,other.victim,other.pay,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.player,self.tile,self.victim,self.pay,)==(other.player,other.tile,other.victim,other.pay,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('player','tile','victim','pay','span',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'player\',\'tile\',\'victim\',\'pay\',\'span\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('player','tile','victim','pay','span',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'player\',\'tile\',\'victim\',\'pay\',\'span\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.player,self.tile,self.victim,self.pay,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.player,self.tile,self.victim,self.pay,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_player, _type_tile, _type_pay, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_pay, _dflt_span, _return_type):
 def __init__(self,player:_type_player,tile:_type_tile,pay:_type_pay=_dflt_pay,*,span:_type_span=_dflt_span)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'player',player)
  __dataclass_builtins_object__.__setattr__(self,'tile',tile)
  __dataclass_builtins_object__.__setattr__(self,'pay',pay)
  __dataclass_builtins_object__.__setattr__(self,'span',span)
 return __init__

CODES["def __create_fn__(_type_player, _type_tile, _type_pay, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_pay, _dflt_span, _return_type):\n def __init__(self,player:_type_player,tile:_type_tile,pay:_type_pay=_dflt_pay,*,span:_type_span=_dflt_span)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'player',player)\n  __dataclass_builtins_object__.__setattr__(self,'tile',tile)\n  __dataclass_builtins_object__.__setattr__(self,'pay',pay)\n  __dataclass_builtins_object__.__setattr__(self,'span',span)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(player={self.player!r}, tile={self.tile!r}, pay={self.pay!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(player={self.player!r}, tile={self.tile!r}, pay={self.pay!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.player,self.tile,self.pay,)==(other.player,other.tile,other.pay,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.player,self.tile,self.pay,)==(other.player,other.tile,other.pay,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('player','tile','pay','span',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'player\',\'tile\',\'pay\',\'span\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('player','tile','pay','span',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'player\',\'tile\',\'pay\',\'span\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.player,self.tile,self.pay,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.player,self.tile,self.pay,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_player, _type_give, _type_take, _type_owner, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_owner, _dflt_span, _return_type):
 def __init__(self,player:_type_player,give:_type_give,take:_type_take,owner:_type_owner=_dflt_owner,*,span:_type_span=_dflt_span)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'player',player)
  __dataclass_builtins_object__.__setattr__(self,'give',give)
  __dataclass_builtins_object__.__setattr__(self,'take',take)
  __dataclass_builtins_object__.__setattr__(self,'owner',owner)
  __dataclass_builtins_object__.__setattr__(self,'span',span)
 return __init__

CODES["def __create_fn__(_type_player, _type_give, _type_take, _type_owner, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_owner, _dflt_span, _return_type):\n def __init__(self,player:_type_player,give:_type_give,take:_type_take,owner:_type_owner=_dflt_owner,*,span:_type_span=_dflt_span)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'player',player)\n  __dataclass_builtins_object__.__setattr__(self,'give',give)\n  __dataclass_builtins_object__.__setattr__(self,'take',take)\n  __dataclass_builtins_object__.__setattr__(self,'owner',owner)\n  __dataclass_builtins_object__.__setattr__(self,'span',span)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(player={self.player!r}, give={self.give!r}, take={self.take!r}, owner={self.owner!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(player={self.player!r}, give={self.give!r}, take={self.take!r}, owner={self.owner!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.player,self.give,self.take,self.owner,)==(other.player,other.give,other.take,other.owner,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.player,self.give,self.take,self.owner,)==(other.player,other.give,other.take,other.owner,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('player','give','take','owner','span',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'player\',\'give\',\'take\',\'owner\',\'span\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('player','give','take','owner','span',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'player\',\'give\',\'take\',\'owner\',\'span\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.player,self.give,self.take,self.owner,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.player,self.give,self.take,self.owner,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_player, _type_gifts, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_span, _return_type):
 def __init__(self,player:_type_player,gifts:_type_gifts,*,span:_type_span=_dflt_span)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'player',player)
  __dataclass_builtins_object__.__setattr__(self,'gifts',gifts)
  __dataclass_builtins_object__.__setattr__(self,'span',span)
 return __init__

CODES["def __create_fn__(_type_player, _type_gifts, _type_span, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_span, _return_type):\n def __init__(self,player:_type_player,gifts:_type_gifts,*,span:_type_span=_dflt_span)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'player',player)\n  __dataclass_builtins_object__.__setattr__(self,'gifts',gifts)\n  __dataclass_builtins_object__.__setattr__(self,'span',span)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(player={self.player!r}, gifts={self.gifts!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(player={self.player!r}, gifts={self.gifts!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.player,self.gifts,)==(other.player,other.gifts,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.player,self.gifts,)==(other.player,other.gifts,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('player','gifts','span',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'player\',\'gifts\',\'span\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('player','gifts','span',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'player\',\'gifts\',\'span\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.player,self.gifts,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.player,self.gifts,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_kind, _type_args, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,kind:_type_kind,args:_type_args)->_return_type:
  self.kind=kind
  self.args=args
 return __init__

CODES['def __create_fn__(_type_kind, _type_args, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):\n def __init__(self,kind:_type_kind,args:_type_args)->_return_type:\n  self.kind=kind\n  self.args=args\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(kind={self.kind!r}, args={self.args!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(kind={self.kind!r}, args={self.args!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.kind,self.args,)==(other.kind,other.args,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.kind,self.args,)==(other.kind,other.args,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(_type_prefix, _type_step, _type_colon, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_colon, _return_type):
 def __init__(self,prefix:_type_prefix,step:_type_step,colon:_type_colon=_dflt_colon)->_return_type:
  self.prefix=prefix
  self.step=step
  self.colon=colon
 return __init__

CODES['def __create_fn__(_type_prefix, _type_step, _type_colon, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_colon, _return_type):\n def __init__(self,prefix:_type_prefix,step:_type_step,colon:_type_colon=_dflt_colon)->_return_type:\n  self.prefix=prefix\n  self.step=step\n  self.colon=colon\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(prefix={self.prefix!r}, step={self.step!r}, colon={self.colon!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(prefix={self.prefix!r}, step={self.step!r}, colon={self.colon!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.prefix,self.step,self.colon,)==(other.prefix,other.step,other.colon,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.prefix,self.step,self.colon,)==(other.prefix,other.step,other.colon,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(_type_number, _type_items, _type_damaged, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_damaged, _return_type):
 def __init__(self,number:_type_number,items:_type_items,damaged:_type_damaged=_dflt_damaged)->_return_type:
  self.number=number
  self.items=items
  self.damaged=damaged
 return __init__

CODES['def __create_fn__(_type_number, _type_items, _type_damaged, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_damaged, _return_type):\n def __init__(self,number:_type_number,items:_type_items,damaged:_type_damaged=_dflt_damaged)->_return_type:\n  self.number=number\n  self.items=items\n  self.damaged=damaged\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(number={self.number!r}, items={self.items!r}, damaged={self.damaged!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(number={self.number!r}, items={self.items!r}, damaged={self.damaged!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.number,self.items,self.damaged,)==(other.number,other.items,other.damaged,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.number,self.items,self.damaged,)==(other.number,other.items,other.damaged,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(_type_source, _type_offset, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_source, _dflt_offset, _return_type):
 def __init__(self,source:_type_source=_dflt_source,offset:_type_offset=_dflt_offset)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'source',source)
  __dataclass_builtins_object__.__setattr__(self,'offset',offset)
 return __init__

CODES["def __create_fn__(_type_source, _type_offset, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_source, _dflt_offset, _return_type):\n def __init__(self,source:_type_source=_dflt_source,offset:_type_offset=_dflt_offset)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'source',source)\n  __dataclass_builtins_object__.__setattr__(self,'offset',offset)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(source={self.source!r}, offset={self.offset!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(source={self.source!r}, offset={self.offset!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.source,self.offset,)==(other.source,other.offset,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.source,self.offset,)==(other.source,other.offset,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('source','offset',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'source\',\'offset\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('source','offset',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'source\',\'offset\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.source,self.offset,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.source,self.offset,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_at, _type_text, _type_inline, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_inline, _return_type):
 def __init__(self,at:_type_at,text:_type_text,inline:_type_inline=_dflt_inline)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'at',at)
  __dataclass_builtins_object__.__setattr__(self,'text',text)
  __dataclass_builtins_object__.__setattr__(self,'inline',inline)
 return __init__

CODES["def __create_fn__(_type_at, _type_text, _type_inline, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_inline, _return_type):\n def __init__(self,at:_type_at,text:_type_text,inline:_type_inline=_dflt_inline)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'at',at)\n  __dataclass_builtins_object__.__setattr__(self,'text',text)\n  __dataclass_builtins_object__.__setattr__(self,'inline',inline)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(at={self.at!r}, text={self.text!r}, inline={self.inline!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(at={self.at!r}, text={self.text!r}, inline={self.inline!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.at,self.text,self.inline,)==(other.at,other.text,other.inline,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.at,self.text,self.inline,)==(other.at,other.text,other.inline,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('at','text','inline',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'at\',\'text\',\'inline\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('at','text','inline',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'at\',\'text\',\'inline\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.at,self.text,self.inline,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.at,self.text,self.inline,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_steps, _type_comments, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_steps, _dflt_comments, _return_type):
 def __init__(self,steps:_type_steps=_HAS_DEFAULT_FACTORY,comments:_type_comments=_HAS_DEFAULT_FACTORY)->_return_type:
  self.steps=_dflt_steps() if steps is _HAS_DEFAULT_FACTORY else steps
  self.comments=_dflt_comments() if comments is _HAS_DEFAULT_FACTORY else comments
 return __init__

CODES['def __create_fn__(_type_steps, _type_comments, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_steps, _dflt_comments, _return_type):\n def __init__(self,steps:_type_steps=_HAS_DEFAULT_FACTORY,comments:_type_comments=_HAS_DEFAULT_FACTORY)->_return_type:\n  self.steps=_dflt_steps() if steps is _HAS_DEFAULT_FACTORY else steps\n  self.comments=_dflt_comments() if comments is _HAS_DEFAULT_FACTORY else comments\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(steps={self.steps!r}, comments={self.comments!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(steps={self.steps!r}, comments={self.comments!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.steps,self.comments,)==(other.steps,other.comments,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.steps,self.comments,)==(other.steps,other.comments,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(_type_players, _type_start, _type_tiles, _type_crops, _type_registry, _type_removed, _type_max_turns, _type_extra, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_removed, _dflt_max_turns, _dflt_extra, _return_type):
 def __init__(self,players:_type_players,start:_type_start,tiles:_type_tiles,crops:_type_crops,registry:_type_registry,removed:_type_removed=_dflt_removed,max_turns:_type_max_turns=_dflt_max_turns,extra:_type_extra=_HAS_DEFAULT_FACTORY)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'players',players)
  __dataclass_builtins_object__.__setattr__(self,'start',start)
  __dataclass_builtins_object__.__setattr__(self,'tiles',tiles)
  __dataclass_builtins_object__.__setattr__(self,'crops',crops)
  __dataclass_builtins_object__.__setattr__(self,'registry',registry)
  __dataclass_builtins_object__.__setattr__(self,'removed',removed)
  __dataclass_builtins_object__.__setattr__(self,'max_turns',max_turns)
  __dataclass_builtins_object__.__setattr__(self,'extra',_dflt_extra() if extra is _HAS_DEFAULT_FACTORY else extra)
 return __init__

CODES["def __create_fn__(_type_players, _type_start, _type_tiles, _type_crops, _type_registry, _type_removed, _type_max_turns, _type_extra, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_removed, _dflt_max_turns, _dflt_extra, _return_type):\n def __init__(self,players:_type_players,start:_type_start,tiles:_type_tiles,crops:_type_crops,registry:_type_registry,removed:_type_removed=_dflt_removed,max_turns:_type_max_turns=_dflt_max_turns,extra:_type_extra=_HAS_DEFAULT_FACTORY)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'players',players)\n  __dataclass_builtins_object__.__setattr__(self,'start',start)\n  __dataclass_builtins_object__.__setattr__(self,'tiles',tiles)\n  __dataclass_builtins_object__.__setattr__(self,'crops',crops)\n  __dataclass_builtins_object__.__setattr__(self,'registry',registry)\n  __dataclass_builtins_object__.__setattr__(self,'removed',removed)\n  __dataclass_builtins_object__.__setattr__(self,'max_turns',max_turns)\n  __dataclass_builtins_object__.__setattr__(self,'extra',_dflt_extra() if extra is _HAS_DEFAULT_FACTORY else extra)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(players={self.players!r}, start={self.start!r}, tiles={self.tiles!r}, crops={self.crops!r}, registry={self.registry!r}, removed={self.removed!r}, max_turns={self.max_turns!r}, extra={self.extra!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(players={self.players!r}, start={self.start!r}, tiles={self.tiles!r}, crops={self.crops!r}, registry={self.registry!r}, removed={self.removed!r}, max_turns={self.max_turns!r}, extra={self.extra!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.players,self.start,self.tiles,self.crops,self.registry,self.removed,self.max_turns,)==(other.players,other.start,other.tiles,other.crops,other.registry,other.removed,other.max_turns,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.players,self.start,self.tiles,self.crops,self.registry,self.removed,self.max_turns,)==(other.players,other.start,other.tiles,other.crops,other.registry,other.removed,other.max_turns,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('players','start','tiles','crops','registry','removed','max_turns','extra',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'players\',\'start\',\'tiles\',\'crops\',\'registry\',\'removed\',\'max_turns\',\'extra\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('players','start','tiles','crops','registry','removed','max_turns','extra',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'players\',\'start\',\'tiles\',\'crops\',\'registry\',\'removed\',\'max_turns\',\'extra\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.players,self.start,self.tiles,self.crops,self.registry,self.removed,self.max_turns,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.players,self.start,self.tiles,self.crops,self.registry,self.removed,self.max_turns,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_rule, _type_message, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,rule:_type_rule,message:_type_message)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'rule',rule)
  __dataclass_builtins_object__.__setattr__(self,'message',message)
 return __init__

CODES["def __create_fn__(_type_rule, _type_message, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):\n def __init__(self,rule:_type_rule,message:_type_message)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'rule',rule)\n  __dataclass_builtins_object__.__setattr__(self,'message',message)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(rule={self.rule!r}, message={self.message!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(rule={self.rule!r}, message={self.message!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.rule,self.message,)==(other.rule,other.message,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.rule,self.message,)==(other.rule,other.message,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('rule','message',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'rule\',\'message\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('rule','message',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'rule\',\'message\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.rule,self.message,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.rule,self.message,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_board_file, _type_trust_paths, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_board_file, _dflt_trust_paths, _return_type):
 def __init__(self,board_file:_type_board_file=_dflt_board_file,trust_paths:_type_trust_paths=_dflt_trust_paths)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'board_file',board_file)
  __dataclass_builtins_object__.__setattr__(self,'trust_paths',trust_paths)
 return __init__

CODES["def __create_fn__(_type_board_file, _type_trust_paths, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_board_file, _dflt_trust_paths, _return_type):\n def __init__(self,board_file:_type_board_file=_dflt_board_file,trust_paths:_type_trust_paths=_dflt_trust_paths)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'board_file',board_file)\n  __dataclass_builtins_object__.__setattr__(self,'trust_paths',trust_paths)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(board_file={self.board_file!r}, trust_paths={self.trust_paths!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(board_file={self.board_file!r}, trust_paths={self.trust_paths!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.board_file,self.trust_paths,)==(other.board_file,other.trust_paths,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.board_file,self.trust_paths,)==(other.board_file,other.trust_paths,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('board_file','trust_paths',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'board_file\',\'trust_paths\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('board_file','trust_paths',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'board_file\',\'trust_paths\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.board_file,self.trust_paths,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.board_file,self.trust_paths,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_nl, _type_cr, _type_crlf, _type_plus, _type_bom, _type_empty, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,nl:_type_nl,cr:_type_cr,crlf:_type_crlf,plus:_type_plus,bom:_type_bom,empty:_type_empty)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'nl',nl)
  __dataclass_builtins_object__.__setattr__(self,'cr',cr)
  __dataclass_builtins_object__.__setattr__(self,'crlf',crlf)
  __dataclass_builtins_object__.__setattr__(self,'plus',plus)
  __dataclass_builtins_object__.__setattr__(self,'bom',bom)
  __dataclass_builtins_object__.__setattr__(self,'empty',empty)
 return __init__

CODES["def __create_fn__(_type_nl, _type_cr, _type_crlf, _type_plus, _type_bom, _type_empty, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):\n def __init__(self,nl:_type_nl,cr:_type_cr,crlf:_type_crlf,plus:_type_plus,bom:_type_bom,empty:_type_empty)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'nl',nl)\n  __dataclass_builtins_object__.__setattr__(self,'cr',cr)\n  __dataclass_builtins_object__.__setattr__(self,'crlf',crlf)\n  __dataclass_builtins_object__.__setattr__(self,'plus',plus)\n  __dataclass_builtins_object__.__setattr__(self,'bom',bom)\n  __dataclass_builtins_object__.__setattr__(self,'empty',empty)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(nl={self.nl!r}, cr={self.cr!r}, crlf={self.crlf!r}, plus={self.plus!r}, bom={self.bom!r}, empty={self.empty!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(nl={self.nl!r}, cr={self.cr!r}, crlf={self.crlf!r}, plus={self.plus!r}, bom={self.bom!r}, empty={self.empty!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.nl,self.cr,self.crlf,self.plus,self.bom,self.empty,)==(other.nl,other.cr,other.crlf,other.plus,other.bom,other.empty,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.nl,self.cr,self.crlf,self.plus,self.bom,self.empty,)==(other.nl,other.cr,other.crlf,other.plus,other.bom,other.empty,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('nl','cr','crlf','plus','bom','empty',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'nl\',\'cr\',\'crlf\',\'plus\',\'bom\',\'empty\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('nl','cr','crlf','plus','bom','empty',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'nl\',\'cr\',\'crlf\',\'plus\',\'bom\',\'empty\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.nl,self.cr,self.crlf,self.plus,self.bom,self.empty,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.nl,self.cr,self.crlf,self.plus,self.bom,self.empty,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_data, _type_line, _type_index, _type_last, _type_opening, _type_opening_end, _type_close, _type_close_end, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_opening, _dflt_opening_end, _dflt_close, _dflt_close_end, _return_type):
 def __init__(self,data:_type_data,line:_type_line,index:_type_index,last:_type_last,opening:_type_opening=_dflt_opening,opening_end:_type_opening_end=_dflt_opening_end,close:_type_close=_dflt_close,close_end:_type_close_end=_dflt_close_end)->_return_type:
  self.data=data
  self.line=line
  self.index=index
  self.last=last
  self.opening=opening
  self.opening_end=opening_end
  self.close=close
  self.close_end=close_end
 return __init__

CODES['def __create_fn__(_type_data, _type_line, _type_index, _type_last, _type_opening, _type_opening_end, _type_close, _type_close_end, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_opening, _dflt_opening_end, _dflt_close, _dflt_close_end, _return_type):\n def __init__(self,data:_type_data,line:_type_line,index:_type_index,last:_type_last,opening:_type_opening=_dflt_opening,opening_end:_type_opening_end=_dflt_opening_end,close:_type_close=_dflt_close,close_end:_type_close_end=_dflt_close_end)->_return_type:\n  self.data=data\n  self.line=line\n  self.index=index\n  self.last=last\n  self.opening=opening\n  self.opening_end=opening_end\n  self.close=close\n  self.close_end=close_end\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(data={self.data!r}, line={self.line!r}, index={self.index!r}, last={self.last!r}, opening={self.opening!r}, opening_end={self.opening_end!r}, close={self.close!r}, close_end={self.close_end!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(data={self.data!r}, line={self.line!r}, index={self.index!r}, last={self.last!r}, opening={self.opening!r}, opening_end={self.opening_end!r}, close={self.close!r}, close_end={self.close_end!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.data,self.line,self.index,self.last,self.opening,self.opening_end,self.close,self.close_end,)==(other.data,other.line,other.index,other.last,other.opening,other.opening_end,other.close,other.close_end,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.data,self.line,self.index,self.last,self.opening,self.opening_end,self.close,self.close_end,)==(other.data,other.line,other.index,other.last,other.opening,other.opening_end,other.close,other.close_end,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(_type_message, _type_source, _type_line, _type_column, _type_end_line, _type_end_column, _type_severity, _type_rule, _type_kind, _type_hint, _type_expected, _type_path, _type_excerpt, _type_step, _type_notes, _type_alternatives, _type_excerpt_from, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_source, _dflt_line, _dflt_column, _dflt_end_line, _dflt_end_column, _dflt_severity, _dflt_rule, _dflt_kind, _dflt_hint, _dflt_expected, _dflt_path, _dflt_excerpt, _dflt_step, _dflt_notes, _dflt_alternatives, _dflt_excerpt_from, _return_type):
 def __init__(self,message:_type_message,source:_type_source=_dflt_source,line:_type_line=_dflt_line,column:_type_column=_dflt_column,end_line:_type_end_line=_dflt_end_line,end_column:_type_end_column=_dflt_end_column,severity:_type_severity=_dflt_severity,rule:_type_rule=_dflt_rule,kind:_type_kind=_dflt_kind,hint:_type_hint=_dflt_hint,expected:_type_expected=_dflt_expected,path:_type_path=_dflt_path,excerpt:_type_excerpt=_dflt_excerpt,step:_type_step=_dflt_step,notes:_type_notes=_dflt_notes,alternatives:_type_alternatives=_dflt_alternatives,excerpt_from:_type_excerpt_from=_dflt_excerpt_from)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'message',message)
  __dataclass_builtins_object__.__setattr__(self,'source',source)
  __dataclass_builtins_object__.__setattr__(self,'line',line)
  __dataclass_builtins_object__.__setattr__(self,'column',column)
  __dataclass_builtins_object__.__setattr__(self,'end_line',end_line)
  __dataclass_builtins_object__.__setattr__(self,'end_column',end_column)
  __dataclass_builtins_object__.__setattr__(self,'severity',severity)
  __dataclass_builtins_object__.__setattr__(self,'rule',rule)
  __dataclass_builtins_object__.__setattr__(self,'kind',kind)
  __dataclass_builtins_object__.__setattr__(self,'hint',hint)
  __dataclass_builtins_object__.__setattr__(self,'expected',expected)
  __dataclass_builtins_object__.__setattr__(self,'path',path)
  __dataclass_builtins_object__.__setattr__(self,'excerpt',excerpt)
  __dataclass_builtins_object__.__setattr__(self,'step',step)
  __dataclass_builtins_object__.__setattr__(self,'notes',notes)
  __dataclass_builtins_object__.__setattr__(self,'alternatives',alternatives)
  __dataclass_builtins_object__.__setattr__(self,'excerpt_from',excerpt_from)
 return __init__

CODES["def __create_fn__(_type_message, _type_source, _type_line, _type_column, _type_end_line, _type_end_column, _type_severity, _type_rule, _type_kind, _type_hint, _type_expected, _type_path, _type_excerpt, _type_step, _type_notes, _type_alternatives, _type_excerpt_from, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_source, _dflt_line, _dflt_column, _dflt_end_line, _dflt_end_column, _dflt_severity, _dflt_rule, _dflt_kind, _dflt_hint, _dflt_expected, _dflt_path, _dflt_excerpt, _dflt_step, _dflt_notes, _dflt_alternatives, _dflt_excerpt_from, _return_type):\n def __init__(self,message:_type_message,source:_type_source=_dflt_source,line:_type_line=_dflt_line,column:_type_column=_dflt_column,end_line:_type_end_line=_dflt_end_line,end_column:_type_end_column=_dflt_end_column,severity:_type_severity=_dflt_severity,rule:_type_rule=_dflt_rule,kind:_type_kind=_dflt_kind,hint:_type_hint=_dflt_hint,expected:_type_expected=_dflt_expected,path:_type_path=_dflt_path,excerpt:_type_excerpt=_dflt_excerpt,step:_type_step=_dflt_step,notes:_type_notes=_dflt_notes,alternatives:_type_alternatives=_dflt_alternatives,excerpt_from:_type_excerpt_from=_dflt_excerpt_from)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'message',message)\n  __dataclass_builtins_object__.__setattr__(self,'source',source)\n  __dataclass_builtins_object__.__setattr__(self,'line',line)\n  __dataclass_builtins_object__.__setattr__(self,'column',column)\n  __dataclass_builtins_object__.__setattr__(self,'end_line',end_line)\n  __dataclass_builtins_object__.__setattr__(self,'end_column',end_column)\n  __dataclass_builtins_object__.__setattr__(self,'severity',severity)\n  __dataclass_builtins_object__.__setattr__(self,'rule',rule)\n  __dataclass_builtins_object__.__setattr__(self,'kind',kind)\n  __dataclass_builtins_object__.__setattr__(self,'hint',hint)\n  __dataclass_builtins_object__.__setattr__(self,'expected',expected)\n  __dataclass_builtins_object__.__setattr__(self,'path',path)\n  __dataclass_builtins_object__.__setattr__(self,'excerpt',excerpt)\n  __dataclass_builtins_object__.__setattr__(self,'step',step)\n  __dataclass_builtins_object__.__setattr__(self,'notes',notes)\n  __dataclass_builtins_object__.__setattr__(self,'alternatives',alternatives)\n  __dataclass_builtins_object__.__setattr__(self,'excerpt_from',excerpt_from)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(message={self.message!r}, source={self.source!r}, line={self.line!r}, column={self.column!r}, end_line={self.end_line!r}, end_column={self.end_column!r}, severity={self.severity!r}, rule={self.rule!r}, kind={self.kind!r}, hint={self.hint!r}, expected={self.expected!r}, path={self.path!r}, excerpt={self.excerpt!r}, step={self.step!r}, notes={self.notes!r}, alternatives={self.alternatives!r}, excerpt_from={self.excerpt_from!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(message={self.message!r}, source={self.source!r}, line={self.line!r}, column={self.column!r}, end_line={self.end_line!r}, end_column={self.end_column!r}, severity={self.severity!r}, rule={self.rule!r}, kind={self.kind!r}, hint={self.hint!r}, expected={self.expected!r}, path={self.path!r}, excerpt={self.excerpt!r}, step={self.step!r}, notes={self.notes!r}, alternatives={self.alternatives!r}, excerpt_from={self.excerpt_from!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.message,self.source,self.line,self.column,self.end_line,self.end_column,self.severity,self.rule,self.kind,self.hint,self.expected,self.path,self.excerpt,self.step,self.notes,self.alternatives,self.excerpt_from,)==(other.message,other.source,other.line,other.column,other.end_line,other.end_column,other.severity,other.rule,other.kind,other.hint,other.expected,other.path,other.excerpt,other.step,other.notes,other.alternatives,other.excerpt_from,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.message,self.source,self.line,self.column,self.end_line,self.end_column,self.severity,self.rule,self.kind,self.hint,self.expected,self.path,self.excerpt,self.step,self.notes,self.alternatives,self.excerpt_from,)==(other.message,other.source,other.line,other.column,other.end_line,other.end_column,other.severity,other.rule,other.kind,other.hint,other.expected,other.path,other.excerpt,other.step,other.notes,other.alternatives,other.excerpt_from,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('message','source','line','column','end_line','end_column','severity','rule','kind','hint','expected','path','excerpt','step','notes','alternatives','excerpt_from',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'message\',\'source\',\'line\',\'column\',\'end_line\',\'end_column\',\'severity\',\'rule\',\'kind\',\'hint\',\'expected\',\'path\',\'excerpt\',\'step\',\'notes\',\'alternatives\',\'excerpt_from\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('message','source','line','column','end_line','end_column','severity','rule','kind','hint','expected','path','excerpt','step','notes','alternatives','excerpt_from',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'message\',\'source\',\'line\',\'column\',\'end_line\',\'end_column\',\'severity\',\'rule\',\'kind\',\'hint\',\'expected\',\'path\',\'excerpt\',\'step\',\'notes\',\'alternatives\',\'excerpt_from\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.message,self.source,self.line,self.column,self.end_line,self.end_column,self.severity,self.rule,self.kind,self.hint,self.expected,self.path,self.excerpt,self.step,self.notes,self.alternatives,self.excerpt_from,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.message,self.source,self.line,self.column,self.end_line,self.end_column,self.severity,self.rule,self.kind,self.hint,self.expected,self.path,self.excerpt,self.step,self.notes,self.alternatives,self.excerpt_from,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_state, _type_complete, _type_problems, _type_source, _type_board, _type_unknown, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_complete, _dflt_problems, _dflt_source, _dflt_board, _dflt_unknown, _return_type):
 def __init__(self,state:_type_state,complete:_type_complete=_dflt_complete,problems:_type_problems=_HAS_DEFAULT_FACTORY,source:_type_source=_dflt_source,board:_type_board=_dflt_board,unknown:_type_unknown=_dflt_unknown)->_return_type:
  self.state=state
  self.complete=complete
  self.problems=_dflt_problems() if problems is _HAS_DEFAULT_FACTORY else problems
  self.source=source
  self.board=board
  self.unknown=unknown
 return __init__

CODES['def __create_fn__(_type_state, _type_complete, _type_problems, _type_source, _type_board, _type_unknown, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_complete, _dflt_problems, _dflt_source, _dflt_board, _dflt_unknown, _return_type):\n def __init__(self,state:_type_state,complete:_type_complete=_dflt_complete,problems:_type_problems=_HAS_DEFAULT_FACTORY,source:_type_source=_dflt_source,board:_type_board=_dflt_board,unknown:_type_unknown=_dflt_unknown)->_return_type:\n  self.state=state\n  self.complete=complete\n  self.problems=_dflt_problems() if problems is _HAS_DEFAULT_FACTORY else problems\n  self.source=source\n  self.board=board\n  self.unknown=unknown\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(state={self.state!r}, complete={self.complete!r}, problems={self.problems!r}, source={self.source!r}, board={self.board!r}, unknown={self.unknown!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(state={self.state!r}, complete={self.complete!r}, problems={self.problems!r}, source={self.source!r}, board={self.board!r}, unknown={self.unknown!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.state,self.complete,self.problems,self.source,self.board,self.unknown,)==(other.state,other.complete,other.problems,other.source,other.board,other.unknown,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.state,self.complete,self.problems,self.source,self.board,self.unknown,)==(other.state,other.complete,other.problems,other.source,other.board,other.unknown,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(_type_setup, _type_steps, _type_metadata, _type_board, _type_comments, _type_source, _type_text, _type_line, _type_movetext_line, _type_resolved_board, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_steps, _dflt_metadata, _dflt_board, _dflt_comments, _dflt_source, _dflt_text, _dflt_line, _dflt_movetext_line, _dflt_resolved_board, _return_type):
 def __init__(self,setup:_type_setup,steps:_type_steps=_HAS_DEFAULT_FACTORY,metadata:_type_metadata=_HAS_DEFAULT_FACTORY,board:_type_board=_dflt_board,comments:_type_comments=_HAS_DEFAULT_FACTORY,source:_type_source=_dflt_source,text:_type_text=_dflt_text,line:_type_line=_dflt_line,movetext_line:_type_movetext_line=_dflt_movetext_line,resolved_board:_type_resolved_board=_dflt_resolved_board)->_return_type:
  self.setup=setup
  self.steps=_dflt_steps() if steps is _HAS_DEFAULT_FACTORY else steps
  self.metadata=_dflt_metadata() if metadata is _HAS_DEFAULT_FACTORY else metadata
  self.board=board
  self.comments=_dflt_comments() if comments is _HAS_DEFAULT_FACTORY else comments
  self.source=source
  self.text=text
  self.line=line
  self.movetext_line=movetext_line
  self.resolved_board=resolved_board
 return __init__

CODES['def __create_fn__(_type_setup, _type_steps, _type_metadata, _type_board, _type_comments, _type_source, _type_text, _type_line, _type_movetext_line, _type_resolved_board, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_steps, _dflt_metadata, _dflt_board, _dflt_comments, _dflt_source, _dflt_text, _dflt_line, _dflt_movetext_line, _dflt_resolved_board, _return_type):\n def __init__(self,setup:_type_setup,steps:_type_steps=_HAS_DEFAULT_FACTORY,metadata:_type_metadata=_HAS_DEFAULT_FACTORY,board:_type_board=_dflt_board,comments:_type_comments=_HAS_DEFAULT_FACTORY,source:_type_source=_dflt_source,text:_type_text=_dflt_text,line:_type_line=_dflt_line,movetext_line:_type_movetext_line=_dflt_movetext_line,resolved_board:_type_resolved_board=_dflt_resolved_board)->_return_type:\n  self.setup=setup\n  self.steps=_dflt_steps() if steps is _HAS_DEFAULT_FACTORY else steps\n  self.metadata=_dflt_metadata() if metadata is _HAS_DEFAULT_FACTORY else metadata\n  self.board=board\n  self.comments=_dflt_comments() if comments is _HAS_DEFAULT_FACTORY else comments\n  self.source=source\n  self.text=text\n  self.line=line\n  self.movetext_line=movetext_line\n  self.resolved_board=resolved_board\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(setup={self.setup!r}, steps={self.steps!r}, metadata={self.metadata!r}, board={self.board!r}, comments={self.comments!r}, source={self.source!r}, text={self.text!r}, line={self.line!r}, movetext_line={self.movetext_line!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(setup={self.setup!r}, steps={self.steps!r}, metadata={self.metadata!r}, board={self.board!r}, comments={self.comments!r}, source={self.source!r}, text={self.text!r}, line={self.line!r}, movetext_line={self.movetext_line!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__(_type_record, _type_state, _type_applied, _type_error, _type_states, _type_implied, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_error, _dflt_states, _dflt_implied, _return_type):
 def __init__(self,record:_type_record,state:_type_state,applied:_type_applied,error:_type_error=_dflt_error,states:_type_states=_dflt_states,implied:_type_implied=_HAS_DEFAULT_FACTORY)->_return_type:
  self.record=record
  self.state=state
  self.applied=applied
  self.error=error
  self.states=states
  self.implied=_dflt_implied() if implied is _HAS_DEFAULT_FACTORY else implied
 return __init__

CODES['def __create_fn__(_type_record, _type_state, _type_applied, _type_error, _type_states, _type_implied, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_error, _dflt_states, _dflt_implied, _return_type):\n def __init__(self,record:_type_record,state:_type_state,applied:_type_applied,error:_type_error=_dflt_error,states:_type_states=_dflt_states,implied:_type_implied=_HAS_DEFAULT_FACTORY)->_return_type:\n  self.record=record\n  self.state=state\n  self.applied=applied\n  self.error=error\n  self.states=states\n  self.implied=_dflt_implied() if implied is _HAS_DEFAULT_FACTORY else implied\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(record={self.record!r}, state={self.state!r}, applied={self.applied!r}, error={self.error!r}, states={self.states!r}, implied={self.implied!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(record={self.record!r}, state={self.state!r}, applied={self.applied!r}, error={self.error!r}, states={self.states!r}, implied={self.implied!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.record,self.state,self.applied,self.error,self.states,self.implied,)==(other.record,other.state,other.applied,other.error,other.states,other.implied,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.record,self.state,self.applied,self.error,self.states,self.implied,)==(other.record,other.state,other.applied,other.error,other.states,other.implied,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(_type_source, _type_kind, _type_data, _type_line, _type_index, _type_error, _type_last, _type_access, _type_strict, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_data, _dflt_line, _dflt_index, _dflt_error, _dflt_last, _dflt_access, _dflt_strict, _return_type):
 def __init__(self,source:_type_source,kind:_type_kind,data:_type_data=_dflt_data,line:_type_line=_dflt_line,index:_type_index=_dflt_index,error:_type_error=_dflt_error,last:_type_last=_dflt_last,access:_type_access=_dflt_access,strict:_type_strict=_dflt_strict)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'source',source)
  __dataclass_builtins_object__.__setattr__(self,'kind',kind)
  __dataclass_builtins_object__.__setattr__(self,'data',data)
  __dataclass_builtins_object__.__setattr__(self,'line',line)
  __dataclass_builtins_object__.__setattr__(self,'index',index)
  __dataclass_builtins_object__.__setattr__(self,'error',error)
  __dataclass_builtins_object__.__setattr__(self,'last',last)
  __dataclass_builtins_object__.__setattr__(self,'access',access)
  __dataclass_builtins_object__.__setattr__(self,'strict',strict)
 return __init__

CODES["def __create_fn__(_type_source, _type_kind, _type_data, _type_line, _type_index, _type_error, _type_last, _type_access, _type_strict, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_data, _dflt_line, _dflt_index, _dflt_error, _dflt_last, _dflt_access, _dflt_strict, _return_type):\n def __init__(self,source:_type_source,kind:_type_kind,data:_type_data=_dflt_data,line:_type_line=_dflt_line,index:_type_index=_dflt_index,error:_type_error=_dflt_error,last:_type_last=_dflt_last,access:_type_access=_dflt_access,strict:_type_strict=_dflt_strict)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'source',source)\n  __dataclass_builtins_object__.__setattr__(self,'kind',kind)\n  __dataclass_builtins_object__.__setattr__(self,'data',data)\n  __dataclass_builtins_object__.__setattr__(self,'line',line)\n  __dataclass_builtins_object__.__setattr__(self,'index',index)\n  __dataclass_builtins_object__.__setattr__(self,'error',error)\n  __dataclass_builtins_object__.__setattr__(self,'last',last)\n  __dataclass_builtins_object__.__setattr__(self,'access',access)\n  __dataclass_builtins_object__.__setattr__(self,'strict',strict)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(source={self.source!r}, kind={self.kind!r}, data={self.data!r}, line={self.line!r}, index={self.index!r}, error={self.error!r}, last={self.last!r}, access={self.access!r}, strict={self.strict!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(source={self.source!r}, kind={self.kind!r}, data={self.data!r}, line={self.line!r}, index={self.index!r}, error={self.error!r}, last={self.last!r}, access={self.access!r}, strict={self.strict!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.source,self.kind,self.data,self.line,self.index,self.error,self.last,self.access,self.strict,)==(other.source,other.kind,other.data,other.line,other.index,other.error,other.last,other.access,other.strict,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.source,self.kind,self.data,self.line,self.index,self.error,self.last,self.access,self.strict,)==(other.source,other.kind,other.data,other.line,other.index,other.error,other.last,other.access,other.strict,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('source','kind','data','line','index','error','last','access','strict',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'source\',\'kind\',\'data\',\'line\',\'index\',\'error\',\'last\',\'access\',\'strict\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('source','kind','data','line','index','error','last','access','strict',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'source\',\'kind\',\'data\',\'line\',\'index\',\'error\',\'last\',\'access\',\'strict\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.source,self.kind,self.data,self.line,self.index,self.error,self.last,self.access,self.strict,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.source,self.kind,self.data,self.line,self.index,self.error,self.last,self.access,self.strict,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_kind, _type_source, _type_ok, _type_index, _type_line, _type_status, _type_steps, _type_diagnostics, _type_data, _type_size, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_index, _dflt_line, _dflt_status, _dflt_steps, _dflt_diagnostics, _dflt_data, _dflt_size, _return_type):
 def __init__(self,kind:_type_kind,source:_type_source,ok:_type_ok,index:_type_index=_dflt_index,line:_type_line=_dflt_line,status:_type_status=_dflt_status,steps:_type_steps=_dflt_steps,diagnostics:_type_diagnostics=_dflt_diagnostics,data:_type_data=_dflt_data,size:_type_size=_dflt_size)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'kind',kind)
  __dataclass_builtins_object__.__setattr__(self,'source',source)
  __dataclass_builtins_object__.__setattr__(self,'ok',ok)
  __dataclass_builtins_object__.__setattr__(self,'index',index)
  __dataclass_builtins_object__.__setattr__(self,'line',line)
  __dataclass_builtins_object__.__setattr__(self,'status',status)
  __dataclass_builtins_object__.__setattr__(self,'steps',steps)
  __dataclass_builtins_object__.__setattr__(self,'diagnostics',diagnostics)
  __dataclass_builtins_object__.__setattr__(self,'data',data)
  __dataclass_builtins_object__.__setattr__(self,'size',size)
 return __init__

CODES["def __create_fn__(_type_kind, _type_source, _type_ok, _type_index, _type_line, _type_status, _type_steps, _type_diagnostics, _type_data, _type_size, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_index, _dflt_line, _dflt_status, _dflt_steps, _dflt_diagnostics, _dflt_data, _dflt_size, _return_type):\n def __init__(self,kind:_type_kind,source:_type_source,ok:_type_ok,index:_type_index=_dflt_index,line:_type_line=_dflt_line,status:_type_status=_dflt_status,steps:_type_steps=_dflt_steps,diagnostics:_type_diagnostics=_dflt_diagnostics,data:_type_data=_dflt_data,size:_type_size=_dflt_size)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'kind',kind)\n  __dataclass_builtins_object__.__setattr__(self,'source',source)\n  __dataclass_builtins_object__.__setattr__(self,'ok',ok)\n  __dataclass_builtins_object__.__setattr__(self,'index',index)\n  __dataclass_builtins_object__.__setattr__(self,'line',line)\n  __dataclass_builtins_object__.__setattr__(self,'status',status)\n  __dataclass_builtins_object__.__setattr__(self,'steps',steps)\n  __dataclass_builtins_object__.__setattr__(self,'diagnostics',diagnostics)\n  __dataclass_builtins_object__.__setattr__(self,'data',data)\n  __dataclass_builtins_object__.__setattr__(self,'size',size)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(kind={self.kind!r}, source={self.source!r}, ok={self.ok!r}, index={self.index!r}, line={self.line!r}, status={self.status!r}, steps={self.steps!r}, diagnostics={self.diagnostics!r}, data={self.data!r}, size={self.size!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(kind={self.kind!r}, source={self.source!r}, ok={self.ok!r}, index={self.index!r}, line={self.line!r}, status={self.status!r}, steps={self.steps!r}, diagnostics={self.diagnostics!r}, data={self.data!r}, size={self.size!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.kind,self.source,self.ok,self.index,self.line,self.status,self.steps,self.diagnostics,self.data,self.size,)==(other.kind,other.source,other.ok,other.index,other.line,other.status,other.steps,other.diagnostics,other.data,other.size,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.kind,self.source,self.ok,self.index,self.line,self.status,self.steps,self.diagnostics,self.data,self.size,)==(other.kind,other.source,other.ok,other.index,other.line,other.status,other.steps,other.diagnostics,other.data,other.size,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('kind','source','ok','index','line','status','steps','diagnostics','data','size',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'kind\',\'source\',\'ok\',\'index\',\'line\',\'status\',\'steps\',\'diagnostics\',\'data\',\'size\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('kind','source','ok','index','line','status','steps','diagnostics','data','size',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'kind\',\'source\',\'ok\',\'index\',\'line\',\'status\',\'steps\',\'diagnostics\',\'data\',\'size\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.kind,self.source,self.ok,self.index,self.line,self.status,self.steps,self.diagnostics,self.data,self.size,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.kind,self.source,self.ok,self.index,self.line,self.status,self.steps,self.diagnostics,self.data,self.size,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_records_ok, _type_records_bad, _type_positions_ok, _type_positions_bad, _type_unreadable, _type_status, _type_sources, _type_stopped, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_records_ok, _dflt_records_bad, _dflt_positions_ok, _dflt_positions_bad, _dflt_unreadable, _dflt_status, _dflt_sources, _dflt_stopped, _return_type):
 def __init__(self,records_ok:_type_records_ok=_dflt_records_ok,records_bad:_type_records_bad=_dflt_records_bad,positions_ok:_type_positions_ok=_dflt_positions_ok,positions_bad:_type_positions_bad=_dflt_positions_bad,unreadable:_type_unreadable=_dflt_unreadable,status:_type_status=_HAS_DEFAULT_FACTORY,sources:_type_sources=_HAS_DEFAULT_FACTORY,stopped:_type_stopped=_dflt_stopped)->_return_type:
  self.records_ok=records_ok
  self.records_bad=records_bad
  self.positions_ok=positions_ok
  self.positions_bad=positions_bad
  self.unreadable=unreadable
  self.status=_dflt_status() if status is _HAS_DEFAULT_FACTORY else status
  self.sources=_dflt_sources() if sources is _HAS_DEFAULT_FACTORY else sources
  self.stopped=stopped
 return __init__

CODES['def __create_fn__(_type_records_ok, _type_records_bad, _type_positions_ok, _type_positions_bad, _type_unreadable, _type_status, _type_sources, _type_stopped, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_records_ok, _dflt_records_bad, _dflt_positions_ok, _dflt_positions_bad, _dflt_unreadable, _dflt_status, _dflt_sources, _dflt_stopped, _return_type):\n def __init__(self,records_ok:_type_records_ok=_dflt_records_ok,records_bad:_type_records_bad=_dflt_records_bad,positions_ok:_type_positions_ok=_dflt_positions_ok,positions_bad:_type_positions_bad=_dflt_positions_bad,unreadable:_type_unreadable=_dflt_unreadable,status:_type_status=_HAS_DEFAULT_FACTORY,sources:_type_sources=_HAS_DEFAULT_FACTORY,stopped:_type_stopped=_dflt_stopped)->_return_type:\n  self.records_ok=records_ok\n  self.records_bad=records_bad\n  self.positions_ok=positions_ok\n  self.positions_bad=positions_bad\n  self.unreadable=unreadable\n  self.status=_dflt_status() if status is _HAS_DEFAULT_FACTORY else status\n  self.sources=_dflt_sources() if sources is _HAS_DEFAULT_FACTORY else sources\n  self.stopped=stopped\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(records_ok={self.records_ok!r}, records_bad={self.records_bad!r}, positions_ok={self.positions_ok!r}, positions_bad={self.positions_bad!r}, unreadable={self.unreadable!r}, status={self.status!r}, sources={self.sources!r}, stopped={self.stopped!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(records_ok={self.records_ok!r}, records_bad={self.records_bad!r}, positions_ok={self.positions_ok!r}, positions_bad={self.positions_bad!r}, unreadable={self.unreadable!r}, status={self.status!r}, sources={self.sources!r}, stopped={self.stopped!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.records_ok,self.records_bad,self.positions_ok,self.positions_bad,self.unreadable,self.status,self.sources,self.stopped,)==(other.records_ok,other.records_bad,other.positions_ok,other.positions_bad,other.unreadable,other.status,other.sources,other.stopped,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.records_ok,self.records_bad,self.positions_ok,self.positions_bad,self.unreadable,self.status,self.sources,self.stopped,)==(other.records_ok,other.records_bad,other.positions_ok,other.positions_bad,other.unreadable,other.status,other.sources,other.stopped,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(_type_path, _type_units, _type_spans, _type_start, _type_end, _type_whole, _type_limit, _type_access, _type_strict, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_units, _dflt_spans, _dflt_start, _dflt_end, _dflt_whole, _dflt_limit, _dflt_access, _dflt_strict, _return_type):
 def __init__(self,path:_type_path,units:_type_units=_dflt_units,spans:_type_spans=_dflt_spans,start:_type_start=_dflt_start,end:_type_end=_dflt_end,whole:_type_whole=_dflt_whole,limit:_type_limit=_dflt_limit,access:_type_access=_dflt_access,strict:_type_strict=_dflt_strict)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'path',path)
  __dataclass_builtins_object__.__setattr__(self,'units',units)
  __dataclass_builtins_object__.__setattr__(self,'spans',spans)
  __dataclass_builtins_object__.__setattr__(self,'start',start)
  __dataclass_builtins_object__.__setattr__(self,'end',end)
  __dataclass_builtins_object__.__setattr__(self,'whole',whole)
  __dataclass_builtins_object__.__setattr__(self,'limit',limit)
  __dataclass_builtins_object__.__setattr__(self,'access',access)
  __dataclass_builtins_object__.__setattr__(self,'strict',strict)
 return __init__

CODES["def __create_fn__(_type_path, _type_units, _type_spans, _type_start, _type_end, _type_whole, _type_limit, _type_access, _type_strict, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_units, _dflt_spans, _dflt_start, _dflt_end, _dflt_whole, _dflt_limit, _dflt_access, _dflt_strict, _return_type):\n def __init__(self,path:_type_path,units:_type_units=_dflt_units,spans:_type_spans=_dflt_spans,start:_type_start=_dflt_start,end:_type_end=_dflt_end,whole:_type_whole=_dflt_whole,limit:_type_limit=_dflt_limit,access:_type_access=_dflt_access,strict:_type_strict=_dflt_strict)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'path',path)\n  __dataclass_builtins_object__.__setattr__(self,'units',units)\n  __dataclass_builtins_object__.__setattr__(self,'spans',spans)\n  __dataclass_builtins_object__.__setattr__(self,'start',start)\n  __dataclass_builtins_object__.__setattr__(self,'end',end)\n  __dataclass_builtins_object__.__setattr__(self,'whole',whole)\n  __dataclass_builtins_object__.__setattr__(self,'limit',limit)\n  __dataclass_builtins_object__.__setattr__(self,'access',access)\n  __dataclass_builtins_object__.__setattr__(self,'strict',strict)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(path={self.path!r}, units={self.units!r}, spans={self.spans!r}, start={self.start!r}, end={self.end!r}, whole={self.whole!r}, limit={self.limit!r}, access={self.access!r}, strict={self.strict!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(path={self.path!r}, units={self.units!r}, spans={self.spans!r}, start={self.start!r}, end={self.end!r}, whole={self.whole!r}, limit={self.limit!r}, access={self.access!r}, strict={self.strict!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.path,self.units,self.spans,self.start,self.end,self.whole,self.limit,self.access,self.strict,)==(other.path,other.units,other.spans,other.start,other.end,other.whole,other.limit,other.access,other.strict,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.path,self.units,self.spans,self.start,self.end,self.whole,self.limit,self.access,self.strict,)==(other.path,other.units,other.spans,other.start,other.end,other.whole,other.limit,other.access,other.strict,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('path','units','spans','start','end','whole','limit','access','strict',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'path\',\'units\',\'spans\',\'start\',\'end\',\'whole\',\'limit\',\'access\',\'strict\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('path','units','spans','start','end','whole','limit','access','strict',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'path\',\'units\',\'spans\',\'start\',\'end\',\'whole\',\'limit\',\'access\',\'strict\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.path,self.units,self.spans,self.start,self.end,self.whole,self.limit,self.access,self.strict,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.path,self.units,self.spans,self.start,self.end,self.whole,self.limit,self.access,self.strict,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_path, _type_a, _type_b, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,path:_type_path,a:_type_a,b:_type_b)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'path',path)
  __dataclass_builtins_object__.__setattr__(self,'a',a)
  __dataclass_builtins_object__.__setattr__(self,'b',b)
 return __init__

CODES["def __create_fn__(_type_path, _type_a, _type_b, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):\n def __init__(self,path:_type_path,a:_type_a,b:_type_b)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'path',path)\n  __dataclass_builtins_object__.__setattr__(self,'a',a)\n  __dataclass_builtins_object__.__setattr__(self,'b',b)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(path={self.path!r}, a={self.a!r}, b={self.b!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(path={self.path!r}, a={self.a!r}, b={self.b!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.path,self.a,self.b,)==(other.path,other.a,other.b,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.path,self.a,self.b,)==(other.path,other.a,other.b,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('path','a','b',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'path\',\'a\',\'b\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('path','a','b',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'path\',\'a\',\'b\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.path,self.a,self.b,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.path,self.a,self.b,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_record, _type_step, _type_at_split, _type_final, _type_error, _type_turn, _type_applied, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_error, _dflt_turn, _dflt_applied, _return_type):
 def __init__(self,record:_type_record,step:_type_step,at_split:_type_at_split,final:_type_final,error:_type_error=_dflt_error,turn:_type_turn=_dflt_turn,applied:_type_applied=_dflt_applied)->_return_type:
  self.record=record
  self.step=step
  self.at_split=at_split
  self.final=final
  self.error=error
  self.turn=turn
  self.applied=applied
 return __init__

CODES['def __create_fn__(_type_record, _type_step, _type_at_split, _type_final, _type_error, _type_turn, _type_applied, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_error, _dflt_turn, _dflt_applied, _return_type):\n def __init__(self,record:_type_record,step:_type_step,at_split:_type_at_split,final:_type_final,error:_type_error=_dflt_error,turn:_type_turn=_dflt_turn,applied:_type_applied=_dflt_applied)->_return_type:\n  self.record=record\n  self.step=step\n  self.at_split=at_split\n  self.final=final\n  self.error=error\n  self.turn=turn\n  self.applied=applied\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(record={self.record!r}, step={self.step!r}, at_split={self.at_split!r}, final={self.final!r}, error={self.error!r}, turn={self.turn!r}, applied={self.applied!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(record={self.record!r}, step={self.step!r}, at_split={self.at_split!r}, final={self.final!r}, error={self.error!r}, turn={self.turn!r}, applied={self.applied!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.record,self.step,self.at_split,self.final,self.error,self.turn,self.applied,)==(other.record,other.step,other.at_split,other.final,other.error,other.turn,other.applied,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.record,self.step,self.at_split,self.final,self.error,self.turn,self.applied,)==(other.record,other.step,other.at_split,other.final,other.error,other.turn,other.applied,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(_type_a, _type_b, _type_setup, _type_metadata, _type_split, _type_at_split, _type_at_end, _type_comments_differ, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_setup, _dflt_metadata, _dflt_split, _dflt_at_split, _dflt_at_end, _dflt_comments_differ, _return_type):
 def __init__(self,a:_type_a,b:_type_b,setup:_type_setup=_HAS_DEFAULT_FACTORY,metadata:_type_metadata=_HAS_DEFAULT_FACTORY,split:_type_split=_dflt_split,at_split:_type_at_split=_HAS_DEFAULT_FACTORY,at_end:_type_at_end=_HAS_DEFAULT_FACTORY,comments_differ:_type_comments_differ=_dflt_comments_differ)->_return_type:
  self.a=a
  self.b=b
  self.setup=_dflt_setup() if setup is _HAS_DEFAULT_FACTORY else setup
  self.metadata=_dflt_metadata() if metadata is _HAS_DEFAULT_FACTORY else metadata
  self.split=split
  self.at_split=_dflt_at_split() if at_split is _HAS_DEFAULT_FACTORY else at_split
  self.at_end=_dflt_at_end() if at_end is _HAS_DEFAULT_FACTORY else at_end
  self.comments_differ=comments_differ
 return __init__

CODES['def __create_fn__(_type_a, _type_b, _type_setup, _type_metadata, _type_split, _type_at_split, _type_at_end, _type_comments_differ, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_setup, _dflt_metadata, _dflt_split, _dflt_at_split, _dflt_at_end, _dflt_comments_differ, _return_type):\n def __init__(self,a:_type_a,b:_type_b,setup:_type_setup=_HAS_DEFAULT_FACTORY,metadata:_type_metadata=_HAS_DEFAULT_FACTORY,split:_type_split=_dflt_split,at_split:_type_at_split=_HAS_DEFAULT_FACTORY,at_end:_type_at_end=_HAS_DEFAULT_FACTORY,comments_differ:_type_comments_differ=_dflt_comments_differ)->_return_type:\n  self.a=a\n  self.b=b\n  self.setup=_dflt_setup() if setup is _HAS_DEFAULT_FACTORY else setup\n  self.metadata=_dflt_metadata() if metadata is _HAS_DEFAULT_FACTORY else metadata\n  self.split=split\n  self.at_split=_dflt_at_split() if at_split is _HAS_DEFAULT_FACTORY else at_split\n  self.at_end=_dflt_at_end() if at_end is _HAS_DEFAULT_FACTORY else at_end\n  self.comments_differ=comments_differ\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(a={self.a!r}, b={self.b!r}, setup={self.setup!r}, metadata={self.metadata!r}, split={self.split!r}, at_split={self.at_split!r}, at_end={self.at_end!r}, comments_differ={self.comments_differ!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(a={self.a!r}, b={self.b!r}, setup={self.setup!r}, metadata={self.metadata!r}, split={self.split!r}, at_split={self.at_split!r}, at_end={self.at_end!r}, comments_differ={self.comments_differ!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.a,self.b,self.setup,self.metadata,self.split,self.at_split,self.at_end,self.comments_differ,)==(other.a,other.b,other.setup,other.metadata,other.split,other.at_split,other.at_end,other.comments_differ,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.a,self.b,self.setup,self.metadata,self.split,self.at_split,self.at_end,self.comments_differ,)==(other.a,other.b,other.setup,other.metadata,other.split,other.at_split,other.at_end,other.comments_differ,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(_type_kind, _type_number, _type_player, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_kind, _dflt_number, _dflt_player, _return_type):
 def __init__(self,kind:_type_kind=_dflt_kind,number:_type_number=_dflt_number,player:_type_player=_dflt_player)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'kind',kind)
  __dataclass_builtins_object__.__setattr__(self,'number',number)
  __dataclass_builtins_object__.__setattr__(self,'player',player)
 return __init__

CODES["def __create_fn__(_type_kind, _type_number, _type_player, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_kind, _dflt_number, _dflt_player, _return_type):\n def __init__(self,kind:_type_kind=_dflt_kind,number:_type_number=_dflt_number,player:_type_player=_dflt_player)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'kind',kind)\n  __dataclass_builtins_object__.__setattr__(self,'number',number)\n  __dataclass_builtins_object__.__setattr__(self,'player',player)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(kind={self.kind!r}, number={self.number!r}, player={self.player!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(kind={self.kind!r}, number={self.number!r}, player={self.player!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.kind,self.number,self.player,)==(other.kind,other.number,other.player,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.kind,self.number,self.player,)==(other.kind,other.number,other.player,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('kind','number','player',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'kind\',\'number\',\'player\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('kind','number','player',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'kind\',\'number\',\'player\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.kind,self.number,self.player,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.kind,self.number,self.player,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_source, _type_text, _type_kind, _type_state, _type_record, _type_position, _type_step, _type_game, _type_games, _type_states, _type_labels, _type_notes, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_record, _dflt_position, _dflt_step, _dflt_game, _dflt_games, _dflt_states, _dflt_labels, _dflt_notes, _return_type):
 def __init__(self,source:_type_source,text:_type_text,kind:_type_kind,state:_type_state,record:_type_record=_dflt_record,position:_type_position=_dflt_position,step:_type_step=_dflt_step,game:_type_game=_dflt_game,games:_type_games=_dflt_games,states:_type_states=_dflt_states,labels:_type_labels=_dflt_labels,notes:_type_notes=_HAS_DEFAULT_FACTORY)->_return_type:
  self.source=source
  self.text=text
  self.kind=kind
  self.state=state
  self.record=record
  self.position=position
  self.step=step
  self.game=game
  self.games=games
  self.states=states
  self.labels=labels
  self.notes=_dflt_notes() if notes is _HAS_DEFAULT_FACTORY else notes
 return __init__

CODES['def __create_fn__(_type_source, _type_text, _type_kind, _type_state, _type_record, _type_position, _type_step, _type_game, _type_games, _type_states, _type_labels, _type_notes, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_record, _dflt_position, _dflt_step, _dflt_game, _dflt_games, _dflt_states, _dflt_labels, _dflt_notes, _return_type):\n def __init__(self,source:_type_source,text:_type_text,kind:_type_kind,state:_type_state,record:_type_record=_dflt_record,position:_type_position=_dflt_position,step:_type_step=_dflt_step,game:_type_game=_dflt_game,games:_type_games=_dflt_games,states:_type_states=_dflt_states,labels:_type_labels=_dflt_labels,notes:_type_notes=_HAS_DEFAULT_FACTORY)->_return_type:\n  self.source=source\n  self.text=text\n  self.kind=kind\n  self.state=state\n  self.record=record\n  self.position=position\n  self.step=step\n  self.game=game\n  self.games=games\n  self.states=states\n  self.labels=labels\n  self.notes=_dflt_notes() if notes is _HAS_DEFAULT_FACTORY else notes\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(source={self.source!r}, text={self.text!r}, kind={self.kind!r}, state={self.state!r}, record={self.record!r}, position={self.position!r}, step={self.step!r}, game={self.game!r}, games={self.games!r}, states={self.states!r}, labels={self.labels!r}, notes={self.notes!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(source={self.source!r}, text={self.text!r}, kind={self.kind!r}, state={self.state!r}, record={self.record!r}, position={self.position!r}, step={self.step!r}, game={self.game!r}, games={self.games!r}, states={self.states!r}, labels={self.labels!r}, notes={self.notes!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.source,self.text,self.kind,self.state,self.record,self.position,self.step,self.game,self.games,self.states,self.labels,self.notes,)==(other.source,other.text,other.kind,other.state,other.record,other.position,other.step,other.game,other.games,other.states,other.labels,other.notes,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.source,self.text,self.kind,self.state,self.record,self.position,self.step,self.game,self.games,self.states,self.labels,self.notes,)==(other.source,other.text,other.kind,other.state,other.record,other.position,other.step,other.game,other.games,other.states,other.labels,other.notes,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(_type_kind, _type_at, _type_score, _type_diagnostics, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_at, _dflt_score, _dflt_diagnostics, _return_type):
 def __init__(self,kind:_type_kind,at:_type_at=_dflt_at,score:_type_score=_dflt_score,diagnostics:_type_diagnostics=_HAS_DEFAULT_FACTORY)->_return_type:
  self.kind=kind
  self.at=at
  self.score=score
  self.diagnostics=_dflt_diagnostics() if diagnostics is _HAS_DEFAULT_FACTORY else diagnostics
 return __init__

CODES['def __create_fn__(_type_kind, _type_at, _type_score, _type_diagnostics, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_at, _dflt_score, _dflt_diagnostics, _return_type):\n def __init__(self,kind:_type_kind,at:_type_at=_dflt_at,score:_type_score=_dflt_score,diagnostics:_type_diagnostics=_HAS_DEFAULT_FACTORY)->_return_type:\n  self.kind=kind\n  self.at=at\n  self.score=score\n  self.diagnostics=_dflt_diagnostics() if diagnostics is _HAS_DEFAULT_FACTORY else diagnostics\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(kind={self.kind!r}, at={self.at!r}, score={self.score!r}, diagnostics={self.diagnostics!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(kind={self.kind!r}, at={self.at!r}, score={self.score!r}, diagnostics={self.diagnostics!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.kind,self.at,self.score,self.diagnostics,)==(other.kind,other.at,other.score,other.diagnostics,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.kind,self.at,self.score,self.diagnostics,)==(other.kind,other.at,other.score,other.diagnostics,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(_type_source, _type_canonical, _type_same, _type_diagnostics, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_canonical, _dflt_same, _dflt_diagnostics, _return_type):
 def __init__(self,source:_type_source,canonical:_type_canonical=_dflt_canonical,same:_type_same=_dflt_same,diagnostics:_type_diagnostics=_HAS_DEFAULT_FACTORY)->_return_type:
  self.source=source
  self.canonical=canonical
  self.same=same
  self.diagnostics=_dflt_diagnostics() if diagnostics is _HAS_DEFAULT_FACTORY else diagnostics
 return __init__

CODES['def __create_fn__(_type_source, _type_canonical, _type_same, _type_diagnostics, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_canonical, _dflt_same, _dflt_diagnostics, _return_type):\n def __init__(self,source:_type_source,canonical:_type_canonical=_dflt_canonical,same:_type_same=_dflt_same,diagnostics:_type_diagnostics=_HAS_DEFAULT_FACTORY)->_return_type:\n  self.source=source\n  self.canonical=canonical\n  self.same=same\n  self.diagnostics=_dflt_diagnostics() if diagnostics is _HAS_DEFAULT_FACTORY else diagnostics\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(source={self.source!r}, canonical={self.canonical!r}, same={self.same!r}, diagnostics={self.diagnostics!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(source={self.source!r}, canonical={self.canonical!r}, same={self.same!r}, diagnostics={self.diagnostics!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.source,self.canonical,self.same,self.diagnostics,)==(other.source,other.canonical,other.same,other.diagnostics,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.source,self.canonical,self.same,self.diagnostics,)==(other.source,other.canonical,other.same,other.diagnostics,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(_type_a, _type_b, _type_comparison, _type_warnings, _type_positions, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_comparison, _dflt_warnings, _dflt_positions, _return_type):
 def __init__(self,a:_type_a,b:_type_b,comparison:_type_comparison=_dflt_comparison,warnings:_type_warnings=_HAS_DEFAULT_FACTORY,positions:_type_positions=_HAS_DEFAULT_FACTORY)->_return_type:
  self.a=a
  self.b=b
  self.comparison=comparison
  self.warnings=_dflt_warnings() if warnings is _HAS_DEFAULT_FACTORY else warnings
  self.positions=_dflt_positions() if positions is _HAS_DEFAULT_FACTORY else positions
 return __init__

CODES['def __create_fn__(_type_a, _type_b, _type_comparison, _type_warnings, _type_positions, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_comparison, _dflt_warnings, _dflt_positions, _return_type):\n def __init__(self,a:_type_a,b:_type_b,comparison:_type_comparison=_dflt_comparison,warnings:_type_warnings=_HAS_DEFAULT_FACTORY,positions:_type_positions=_HAS_DEFAULT_FACTORY)->_return_type:\n  self.a=a\n  self.b=b\n  self.comparison=comparison\n  self.warnings=_dflt_warnings() if warnings is _HAS_DEFAULT_FACTORY else warnings\n  self.positions=_dflt_positions() if positions is _HAS_DEFAULT_FACTORY else positions\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(a={self.a!r}, b={self.b!r}, comparison={self.comparison!r}, warnings={self.warnings!r}, positions={self.positions!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(a={self.a!r}, b={self.b!r}, comparison={self.comparison!r}, warnings={self.warnings!r}, positions={self.positions!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.a,self.b,self.comparison,self.warnings,self.positions,)==(other.a,other.b,other.comparison,other.warnings,other.positions,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.a,self.b,self.comparison,self.warnings,self.positions,)==(other.a,other.b,other.comparison,other.warnings,other.positions,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(_type_diagnostic, _type_alternatives, _type_rest, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,diagnostic:_type_diagnostic,alternatives:_type_alternatives,rest:_type_rest)->_return_type:
  self.diagnostic=diagnostic
  self.alternatives=alternatives
  self.rest=rest
 return __init__

CODES['def __create_fn__(_type_diagnostic, _type_alternatives, _type_rest, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):\n def __init__(self,diagnostic:_type_diagnostic,alternatives:_type_alternatives,rest:_type_rest)->_return_type:\n  self.diagnostic=diagnostic\n  self.alternatives=alternatives\n  self.rest=rest\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(diagnostic={self.diagnostic!r}, alternatives={self.alternatives!r}, rest={self.rest!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(diagnostic={self.diagnostic!r}, alternatives={self.alternatives!r}, rest={self.rest!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.diagnostic,self.alternatives,self.rest,)==(other.diagnostic,other.alternatives,other.rest,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.diagnostic,self.alternatives,self.rest,)==(other.diagnostic,other.alternatives,other.rest,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(_type_steps, _type_refusal, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_steps, _dflt_refusal, _return_type):
 def __init__(self,steps:_type_steps=_HAS_DEFAULT_FACTORY,refusal:_type_refusal=_dflt_refusal)->_return_type:
  self.steps=_dflt_steps() if steps is _HAS_DEFAULT_FACTORY else steps
  self.refusal=refusal
 return __init__

CODES['def __create_fn__(_type_steps, _type_refusal, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_steps, _dflt_refusal, _return_type):\n def __init__(self,steps:_type_steps=_HAS_DEFAULT_FACTORY,refusal:_type_refusal=_dflt_refusal)->_return_type:\n  self.steps=_dflt_steps() if steps is _HAS_DEFAULT_FACTORY else steps\n  self.refusal=refusal\n return __init__'] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(steps={self.steps!r}, refusal={self.refusal!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(steps={self.steps!r}, refusal={self.refusal!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.steps,self.refusal,)==(other.steps,other.refusal,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.steps,self.refusal,)==(other.steps,other.refusal,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(_type_centres, _type_width, _type_height, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,centres:_type_centres,width:_type_width,height:_type_height)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'centres',centres)
  __dataclass_builtins_object__.__setattr__(self,'width',width)
  __dataclass_builtins_object__.__setattr__(self,'height',height)
 return __init__

CODES["def __create_fn__(_type_centres, _type_width, _type_height, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):\n def __init__(self,centres:_type_centres,width:_type_width,height:_type_height)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'centres',centres)\n  __dataclass_builtins_object__.__setattr__(self,'width',width)\n  __dataclass_builtins_object__.__setattr__(self,'height',height)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(centres={self.centres!r}, width={self.width!r}, height={self.height!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(centres={self.centres!r}, width={self.width!r}, height={self.height!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.centres,self.width,self.height,)==(other.centres,other.width,other.height,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.centres,self.width,self.height,)==(other.centres,other.width,other.height,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('centres','width','height',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'centres\',\'width\',\'height\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('centres','width','height',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'centres\',\'width\',\'height\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.centres,self.width,self.height,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.centres,self.width,self.height,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_key, _type_x, _type_y, _type_board, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_board, _return_type):
 def __init__(self,key:_type_key,x:_type_x,y:_type_y,board:_type_board=_dflt_board)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'key',key)
  __dataclass_builtins_object__.__setattr__(self,'x',x)
  __dataclass_builtins_object__.__setattr__(self,'y',y)
  __dataclass_builtins_object__.__setattr__(self,'board',board)
 return __init__

CODES["def __create_fn__(_type_key, _type_x, _type_y, _type_board, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_board, _return_type):\n def __init__(self,key:_type_key,x:_type_x,y:_type_y,board:_type_board=_dflt_board)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'key',key)\n  __dataclass_builtins_object__.__setattr__(self,'x',x)\n  __dataclass_builtins_object__.__setattr__(self,'y',y)\n  __dataclass_builtins_object__.__setattr__(self,'board',board)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(key={self.key!r}, x={self.x!r}, y={self.y!r}, board={self.board!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(key={self.key!r}, x={self.x!r}, y={self.y!r}, board={self.board!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.key,self.x,self.y,self.board,)==(other.key,other.x,other.y,other.board,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.key,self.x,self.y,self.board,)==(other.key,other.x,other.y,other.board,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('key','x','y','board',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'key\',\'x\',\'y\',\'board\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('key','x','y','board',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'key\',\'x\',\'y\',\'board\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.key,self.x,self.y,self.board,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.key,self.x,self.y,self.board,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_key, _type_title, _type_x, _type_y, _type_w, _type_h, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,key:_type_key,title:_type_title,x:_type_x,y:_type_y,w:_type_w,h:_type_h)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'key',key)
  __dataclass_builtins_object__.__setattr__(self,'title',title)
  __dataclass_builtins_object__.__setattr__(self,'x',x)
  __dataclass_builtins_object__.__setattr__(self,'y',y)
  __dataclass_builtins_object__.__setattr__(self,'w',w)
  __dataclass_builtins_object__.__setattr__(self,'h',h)
 return __init__

CODES["def __create_fn__(_type_key, _type_title, _type_x, _type_y, _type_w, _type_h, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):\n def __init__(self,key:_type_key,title:_type_title,x:_type_x,y:_type_y,w:_type_w,h:_type_h)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'key',key)\n  __dataclass_builtins_object__.__setattr__(self,'title',title)\n  __dataclass_builtins_object__.__setattr__(self,'x',x)\n  __dataclass_builtins_object__.__setattr__(self,'y',y)\n  __dataclass_builtins_object__.__setattr__(self,'w',w)\n  __dataclass_builtins_object__.__setattr__(self,'h',h)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(key={self.key!r}, title={self.title!r}, x={self.x!r}, y={self.y!r}, w={self.w!r}, h={self.h!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(key={self.key!r}, title={self.title!r}, x={self.x!r}, y={self.y!r}, w={self.w!r}, h={self.h!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.key,self.title,self.x,self.y,self.w,self.h,)==(other.key,other.title,other.x,other.y,other.w,other.h,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.key,self.title,self.x,self.y,self.w,self.h,)==(other.key,other.title,other.x,other.y,other.w,other.h,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('key','title','x','y','w','h',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'key\',\'title\',\'x\',\'y\',\'w\',\'h\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('key','title','x','y','w','h',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'key\',\'title\',\'x\',\'y\',\'w\',\'h\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.key,self.title,self.x,self.y,self.w,self.h,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.key,self.title,self.x,self.y,self.w,self.h,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_board, _type_geometry, _type_colours, _type_shown, _type_width, _type_height, _type_panel_w, _type_panel_h, _type_panels, _type_boxes, _type_slots, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,board:_type_board,geometry:_type_geometry,colours:_type_colours,shown:_type_shown,width:_type_width,height:_type_height,panel_w:_type_panel_w,panel_h:_type_panel_h,panels:_type_panels,boxes:_type_boxes,slots:_type_slots)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'board',board)
  __dataclass_builtins_object__.__setattr__(self,'geometry',geometry)
  __dataclass_builtins_object__.__setattr__(self,'colours',colours)
  __dataclass_builtins_object__.__setattr__(self,'shown',shown)
  __dataclass_builtins_object__.__setattr__(self,'width',width)
  __dataclass_builtins_object__.__setattr__(self,'height',height)
  __dataclass_builtins_object__.__setattr__(self,'panel_w',panel_w)
  __dataclass_builtins_object__.__setattr__(self,'panel_h',panel_h)
  __dataclass_builtins_object__.__setattr__(self,'panels',panels)
  __dataclass_builtins_object__.__setattr__(self,'boxes',boxes)
  __dataclass_builtins_object__.__setattr__(self,'slots',slots)
 return __init__

CODES["def __create_fn__(_type_board, _type_geometry, _type_colours, _type_shown, _type_width, _type_height, _type_panel_w, _type_panel_h, _type_panels, _type_boxes, _type_slots, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):\n def __init__(self,board:_type_board,geometry:_type_geometry,colours:_type_colours,shown:_type_shown,width:_type_width,height:_type_height,panel_w:_type_panel_w,panel_h:_type_panel_h,panels:_type_panels,boxes:_type_boxes,slots:_type_slots)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'board',board)\n  __dataclass_builtins_object__.__setattr__(self,'geometry',geometry)\n  __dataclass_builtins_object__.__setattr__(self,'colours',colours)\n  __dataclass_builtins_object__.__setattr__(self,'shown',shown)\n  __dataclass_builtins_object__.__setattr__(self,'width',width)\n  __dataclass_builtins_object__.__setattr__(self,'height',height)\n  __dataclass_builtins_object__.__setattr__(self,'panel_w',panel_w)\n  __dataclass_builtins_object__.__setattr__(self,'panel_h',panel_h)\n  __dataclass_builtins_object__.__setattr__(self,'panels',panels)\n  __dataclass_builtins_object__.__setattr__(self,'boxes',boxes)\n  __dataclass_builtins_object__.__setattr__(self,'slots',slots)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(board={self.board!r}, geometry={self.geometry!r}, colours={self.colours!r}, shown={self.shown!r}, width={self.width!r}, height={self.height!r}, panel_w={self.panel_w!r}, panel_h={self.panel_h!r}, panels={self.panels!r}, boxes={self.boxes!r}, slots={self.slots!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(board={self.board!r}, geometry={self.geometry!r}, colours={self.colours!r}, shown={self.shown!r}, width={self.width!r}, height={self.height!r}, panel_w={self.panel_w!r}, panel_h={self.panel_h!r}, panels={self.panels!r}, boxes={self.boxes!r}, slots={self.slots!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.board,self.geometry,self.colours,self.shown,self.width,self.height,self.panel_w,self.panel_h,self.panels,self.boxes,self.slots,)==(other.board,other.geometry,other.colours,other.shown,other.width,other.height,other.panel_w,other.panel_h,other.panels,other.boxes,other.slots,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.board,self.geometry,self.colours,self.shown,self.width,self.height,self.panel_w,self.panel_h,self.panels,self.boxes,self.slots,)==(other.board,other.geometry,other.colours,other.shown,other.width,other.height,other.panel_w,other.panel_h,other.panels,other.boxes,other.slots,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('board','geometry','colours','shown','width','height','panel_w','panel_h','panels','boxes','slots',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'board\',\'geometry\',\'colours\',\'shown\',\'width\',\'height\',\'panel_w\',\'panel_h\',\'panels\',\'boxes\',\'slots\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('board','geometry','colours','shown','width','height','panel_w','panel_h','panels','boxes','slots',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'board\',\'geometry\',\'colours\',\'shown\',\'width\',\'height\',\'panel_w\',\'panel_h\',\'panels\',\'boxes\',\'slots\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.board,self.geometry,self.colours,self.shown,self.width,self.height,self.panel_w,self.panel_h,self.panels,self.boxes,self.slots,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.board,self.geometry,self.colours,self.shown,self.width,self.height,self.panel_w,self.panel_h,self.panels,self.boxes,self.slots,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_player, _type_rule, _type_item, _type_points, _type_detail, _type_tiles, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_tiles, _return_type):
 def __init__(self,player:_type_player,rule:_type_rule,item:_type_item,points:_type_points,detail:_type_detail,tiles:_type_tiles=_dflt_tiles)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'player',player)
  __dataclass_builtins_object__.__setattr__(self,'rule',rule)
  __dataclass_builtins_object__.__setattr__(self,'item',item)
  __dataclass_builtins_object__.__setattr__(self,'points',points)
  __dataclass_builtins_object__.__setattr__(self,'detail',detail)
  __dataclass_builtins_object__.__setattr__(self,'tiles',tiles)
 return __init__

CODES["def __create_fn__(_type_player, _type_rule, _type_item, _type_points, _type_detail, _type_tiles, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_tiles, _return_type):\n def __init__(self,player:_type_player,rule:_type_rule,item:_type_item,points:_type_points,detail:_type_detail,tiles:_type_tiles=_dflt_tiles)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'player',player)\n  __dataclass_builtins_object__.__setattr__(self,'rule',rule)\n  __dataclass_builtins_object__.__setattr__(self,'item',item)\n  __dataclass_builtins_object__.__setattr__(self,'points',points)\n  __dataclass_builtins_object__.__setattr__(self,'detail',detail)\n  __dataclass_builtins_object__.__setattr__(self,'tiles',tiles)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(player={self.player!r}, rule={self.rule!r}, item={self.item!r}, points={self.points!r}, detail={self.detail!r}, tiles={self.tiles!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(player={self.player!r}, rule={self.rule!r}, item={self.item!r}, points={self.points!r}, detail={self.detail!r}, tiles={self.tiles!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.player,self.rule,self.item,self.points,self.detail,self.tiles,)==(other.player,other.rule,other.item,other.points,other.detail,other.tiles,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.player,self.rule,self.item,self.points,self.detail,self.tiles,)==(other.player,other.rule,other.item,other.points,other.detail,other.tiles,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('player','rule','item','points','detail','tiles',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'player\',\'rule\',\'item\',\'points\',\'detail\',\'tiles\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('player','rule','item','points','detail','tiles',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'player\',\'rule\',\'item\',\'points\',\'detail\',\'tiles\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.player,self.rule,self.item,self.points,self.detail,self.tiles,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.player,self.rule,self.item,self.points,self.detail,self.tiles,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_player, _type_lines, _type_field_tiles, _type_crops, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,player:_type_player,lines:_type_lines,field_tiles:_type_field_tiles,crops:_type_crops)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'player',player)
  __dataclass_builtins_object__.__setattr__(self,'lines',lines)
  __dataclass_builtins_object__.__setattr__(self,'field_tiles',field_tiles)
  __dataclass_builtins_object__.__setattr__(self,'crops',crops)
 return __init__

CODES["def __create_fn__(_type_player, _type_lines, _type_field_tiles, _type_crops, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):\n def __init__(self,player:_type_player,lines:_type_lines,field_tiles:_type_field_tiles,crops:_type_crops)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'player',player)\n  __dataclass_builtins_object__.__setattr__(self,'lines',lines)\n  __dataclass_builtins_object__.__setattr__(self,'field_tiles',field_tiles)\n  __dataclass_builtins_object__.__setattr__(self,'crops',crops)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(player={self.player!r}, lines={self.lines!r}, field_tiles={self.field_tiles!r}, crops={self.crops!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(player={self.player!r}, lines={self.lines!r}, field_tiles={self.field_tiles!r}, crops={self.crops!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.player,self.lines,self.field_tiles,self.crops,)==(other.player,other.lines,other.field_tiles,other.crops,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.player,self.lines,self.field_tiles,self.crops,)==(other.player,other.lines,other.field_tiles,other.crops,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('player','lines','field_tiles','crops',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'player\',\'lines\',\'field_tiles\',\'crops\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('player','lines','field_tiles','crops',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'player\',\'lines\',\'field_tiles\',\'crops\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.player,self.lines,self.field_tiles,self.crops,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.player,self.lines,self.field_tiles,self.crops,))\n return __hash__'] = __create_fn__.__code__

def __create_fn__(_type_players, _type_winners, _type_decided_by, _type_finished, _type_notes, _type_leaders, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_finished, _dflt_notes, _dflt_leaders, _return_type):
 def __init__(self,players:_type_players,winners:_type_winners,decided_by:_type_decided_by,finished:_type_finished=_dflt_finished,notes:_type_notes=_dflt_notes,leaders:_type_leaders=_dflt_leaders)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'players',players)
  __dataclass_builtins_object__.__setattr__(self,'winners',winners)
  __dataclass_builtins_object__.__setattr__(self,'decided_by',decided_by)
  __dataclass_builtins_object__.__setattr__(self,'finished',finished)
  __dataclass_builtins_object__.__setattr__(self,'notes',notes)
  __dataclass_builtins_object__.__setattr__(self,'leaders',leaders)
 return __init__

CODES["def __create_fn__(_type_players, _type_winners, _type_decided_by, _type_finished, _type_notes, _type_leaders, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_finished, _dflt_notes, _dflt_leaders, _return_type):\n def __init__(self,players:_type_players,winners:_type_winners,decided_by:_type_decided_by,finished:_type_finished=_dflt_finished,notes:_type_notes=_dflt_notes,leaders:_type_leaders=_dflt_leaders)->_return_type:\n  __dataclass_builtins_object__.__setattr__(self,'players',players)\n  __dataclass_builtins_object__.__setattr__(self,'winners',winners)\n  __dataclass_builtins_object__.__setattr__(self,'decided_by',decided_by)\n  __dataclass_builtins_object__.__setattr__(self,'finished',finished)\n  __dataclass_builtins_object__.__setattr__(self,'notes',notes)\n  __dataclass_builtins_object__.__setattr__(self,'leaders',leaders)\n return __init__"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(players={self.players!r}, winners={self.winners!r}, decided_by={self.decided_by!r}, finished={self.finished!r}, notes={self.notes!r}, leaders={self.leaders!r})"
 return __repr__

CODES['def __create_fn__():\n def __repr__(self):\n  return self.__class__.__qualname__ + f"(players={self.players!r}, winners={self.winners!r}, decided_by={self.decided_by!r}, finished={self.finished!r}, notes={self.notes!r}, leaders={self.leaders!r})"\n return __repr__'] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.players,self.winners,self.decided_by,self.finished,self.notes,self.leaders,)==(other.players,other.winners,other.decided_by,other.finished,other.notes,other.leaders,)
  return NotImplemented
 return __eq__

CODES['def __create_fn__():\n def __eq__(self,other):\n  if other.__class__ is self.__class__:\n   return (self.players,self.winners,self.decided_by,self.finished,self.notes,self.leaders,)==(other.players,other.winners,other.decided_by,other.finished,other.notes,other.leaders,)\n  return NotImplemented\n return __eq__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('players','winners','decided_by','finished','notes','leaders',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __setattr__(self,name,value):\n  if type(self) is cls or name in (\'players\',\'winners\',\'decided_by\',\'finished\',\'notes\',\'leaders\',):\n   raise FrozenInstanceError(f"cannot assign to field {name!r}")\n  super(cls, self).__setattr__(name, value)\n return __setattr__'] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('players','winners','decided_by','finished','notes','leaders',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__

CODES['def __create_fn__(cls, FrozenInstanceError):\n def __delattr__(self,name):\n  if type(self) is cls or name in (\'players\',\'winners\',\'decided_by\',\'finished\',\'notes\',\'leaders\',):\n   raise FrozenInstanceError(f"cannot delete field {name!r}")\n  super(cls, self).__delattr__(name)\n return __delattr__'] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.players,self.winners,self.decided_by,self.finished,self.notes,self.leaders,))
 return __hash__

CODES['def __create_fn__():\n def __hash__(self):\n  return hash((self.players,self.winners,self.decided_by,self.finished,self.notes,self.leaders,))\n return __hash__'] = __create_fn__.__code__
